package component

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// rewordings counts the failures reword rewrote: each gets other words.
var rewordings atomic.Int64

// reword rewrites every text of failure f that a report is made of (the
// message, the goroutines' operations and stacks, the steps' operations,
// the environment, the timing, the race's message) into other words, and
// into different words for each failure it rewrites: what the baseline
// decides must not depend on how a report is worded, not even on two
// reports being worded alike (the same wait shown by the same words), only
// on facts.
func reword(f *sched.Failure) {
	if f == nil {
		return
	}
	n := rewordings.Add(1)
	other := func(s string) string {
		if s == "" {
			return ""
		}
		return fmt.Sprintf("«reworded %d» %s «end»", n, strings.ToUpper(strings.ReplaceAll(s, "\n", " ¶ ")))
	}
	if f.Kind != sched.TestFailed { // a test's own t.Error text is its fact
		f.Message = other(f.Message)
	}
	f.Environment, f.Timing = other(f.Environment), other(f.Timing)
	gs := make([]ssainterp.Goroutine, len(f.Goroutines))
	for i, g := range f.Goroutines {
		g.Op, g.Stack = other(g.Op), other(g.Stack)
		gs[i] = g
	}
	f.Goroutines = gs
	trace := make([]sched.Step, len(f.Trace))
	for i, st := range f.Trace {
		st.Op, st.Blocked.Op = other(st.Op), other(st.Blocked.Op)
		trace[i] = st
	}
	f.Trace = trace
	if f.Race != nil {
		r := *f.Race
		r.Message = other(r.Message)
		r.Current.Stack, r.Previous.Stack = other(r.Current.Stack), other(r.Previous.Stack)
		r.Current.Op, r.Previous.Op = other(r.Current.Op), other(r.Previous.Op)
		f.Race = &r
	}
}

// verdict is what a check decided, without its words.
func verdict(rep *check.ComponentReport, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	kind := "clean"
	if rep.Failure != nil {
		kind = string(rep.Failure.Kind)
	}
	return fmt.Sprintf("%s, token %s, %d environments, %d executions, %d discarded (a reason: %v), %d undecided",
		kind, rep.Token, rep.Attempts, rep.Executions, rep.Discarded, rep.Why != "", rep.Undecided)
}

// TestRewordedReportsSameVerdicts: with every report's text reworded
// (reword), each check of the queue's components decides the same:
// the same failure and token, the same failures discarded by the
// sequential baseline, the same numbers of environments and executions.
// Before, the baseline parsed the panic's message and the goroutines'
// stacks, matched the harness's wait by its display string, and told
// blocked goroutines apart by the words of their operations.
func TestRewordedReportsSameVerdicts(t *testing.T) {
	t.Parallel()
	for _, test := range []string{"TestQueue", "TestLatch", "TestEventFixed", "TestEvent", "TestRacy", "TestSem", "TestResources", "TestBoundedRacy"} {
		id := check.ID{Pkg: queuePkg, Test: test}
		target, got, err := Load("testdata/queue", id, nil)
		if err != nil {
			t.Fatal(err)
		}
		var c check.Config
		if err := check.ReadOptions(&c, got.Options); err != nil {
			t.Fatal(err)
		}
		c.Executions, c.Seed = 1500, 2
		want := verdict(checkWith(target, id, "", c, got, nil))
		if reworded := verdict(checkWith(target, id, "", c, got, reword)); reworded != want {
			t.Errorf("%s: reworded reports change the verdict:\n got %s\nwant %s", test, reworded, want)
		}
	}
}
