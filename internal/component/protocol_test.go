package component_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// The queue of testdata/queue: a bounded blocking queue (Put blocks when
// it is full, by design), and its twin whose Len does not lock (a data
// race with Take).
const queueTestSrc = `package queue

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestProtocol(t *testing.T)      { mcheck.Component(t, New, mcheck.Protocol("Put; (Take | Len)")) }
func TestProtocolBuggy(t *testing.T) { mcheck.Component(t, NewRacy, mcheck.Protocol("Put; (Take | Len)")) }
func TestNoProtocol(t *testing.T)    { mcheck.Component(t, New) }
func TestBadProtocol(t *testing.T)   { mcheck.Component(t, New, mcheck.Protocol("Put; (Take | Len")) }
func TestUnknownMethod(t *testing.T) { mcheck.Component(t, New, mcheck.Protocol("Put; Peek")) }
`

// TestProtocolEnvironments: a calling protocol keeps a blocking-by-design
// queue from being driven into its own deadlock (the default
// environments are, and the sequential baseline discards them), runs its parallel part on separate goroutines
// after its sequential prefix (the race of an unlocked Len with Take is
// found), and bad protocols are refused with the column or the method.
func TestProtocolEnvironments(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(checktest.TempModule(t, map[string]string{"queue/protocol_test.go": queueTestSrc}, "internal/component/testdata/queue"), "queue")
	run := func(test string) (*check.ComponentReport, error) {
		return checktest.ComponentTest(dir, check.ID{Pkg: "fixture/queue", Test: test}, func(c *check.Config) {
			c.Seed, c.Executions, c.Time = 1, 2000, 0
		})
	}
	rep, err := run("TestProtocol")
	if err != nil || rep.Failure != nil {
		t.Fatalf("fixed queue under its protocol: %v %v", err, rep.Failure)
	}
	if rep.Attempts < 2 {
		t.Errorf("%d environments", rep.Attempts)
	}
	// Without a protocol, the environments that block the queue by
	// design are discarded by the sequential baseline instead.
	rep, err = run("TestNoProtocol")
	if err != nil || rep.Failure != nil || rep.Discarded == 0 || !strings.Contains(rep.Why, "blocks when the calls run one at a time") || !strings.Contains(rep.Why, "if it blocks by design, say when it may be called with mcheck.Protocol") {
		t.Fatalf("fixed queue without a protocol: want its blocking environments discarded, with advice, got %v %+v", err, rep)
	}
	rep, err = run("TestProtocolBuggy")
	if err != nil || rep.Failure == nil || rep.Failure.Kind != sched.DataRace {
		t.Fatalf("buggy queue: want a data race, got %v %v", err, rep.Failure)
	}
	if text := (&check.Result{Component: rep}).Text(); !strings.Contains(text, "found in environment 1 (a trace of the protocol Put; (Take | Len)) after") {
		t.Errorf("the report does not name the environment's kind:\n%s", text)
	}
	// The report's environment: Put alone first, then Take and Len.
	if env := rep.Failure.Environment; !strings.HasPrefix(env, "g") || !strings.Contains(env, "Put(") || !strings.Contains(env, "Len()") || !strings.Contains(env, "Take()") {
		t.Errorf("environment %q", env)
	}
	if _, err := run("TestBadProtocol"); err == nil || !strings.Contains(err.Error(), `protocol:17: want ) to close the ( at column 6`) {
		t.Errorf("bad protocol: %v", err)
	}
	if _, err := run("TestUnknownMethod"); err == nil || !strings.Contains(err.Error(), "has no method Peek") {
		t.Errorf("unknown method: %v", err)
	}
}
