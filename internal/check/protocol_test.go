package check_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// queueSrc is a bounded blocking queue of capacity 1 (Put blocks when it
// is full, by design), with a Len that takes the lock and one that does
// not (a data race with Take).
const queueSrc = `package queue

import "sync"

type Queue struct {
	mu              sync.Mutex
	notFull, filled *sync.Cond
	items           []int
	racy            bool
}

func New() *Queue      { return newQueue(false) }
func NewBuggy() *Queue { return newQueue(true) }

func newQueue(racy bool) *Queue {
	q := &Queue{racy: racy}
	q.notFull, q.filled = sync.NewCond(&q.mu), sync.NewCond(&q.mu)
	return q
}

// Put adds v, blocking while the queue is full.
func (q *Queue) Put(v int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 1 {
		q.notFull.Wait()
	}
	q.items = append(q.items, v)
	q.filled.Signal()
}

// Take removes the oldest item, blocking while the queue is empty.
func (q *Queue) Take() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.filled.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	return v
}

func (q *Queue) Len() int {
	if q.racy {
		return len(q.items)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}
`

const queueTestSrc = `package queue

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestProtocol(t *testing.T)      { mcheck.Component(t, New, mcheck.Protocol("Put; (Take | Len)")) }
func TestProtocolBuggy(t *testing.T) { mcheck.Component(t, NewBuggy, mcheck.Protocol("Put; (Take | Len)")) }
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
	dir := filepath.Join(checktest.TempModule(t, map[string]string{"queue/queue.go": queueSrc, "queue/queue_test.go": queueTestSrc}), "queue")
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
