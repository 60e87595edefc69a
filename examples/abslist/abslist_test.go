package abslist

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// compareWhileAdding compares two lists on one goroutine while adders
// others append to the second one.
func compareWhileAdding(equal func(l, o *List) bool, adders int) {
	l1, l2 := NewList(1), NewList(2)
	for i := range 3 {
		l1.Add(i)
		l2.Add(i)
	}
	var wg sync.WaitGroup
	wg.Add(1 + adders)
	go func() { defer wg.Done(); equal(l1, l2) }()
	for i := range adders {
		go func() { defer wg.Done(); l2.Add(9 + i) }()
	}
	wg.Wait()
}

// Scenarios: AbsList(1,1), AbsList(1,10) (for examples/bench guided) and
// the fixed twin.
func absList(t *testing.T)      { compareWhileAdding((*List).Equal, 1) }
func absList10(t *testing.T)    { compareWhileAdding((*List).Equal, 10) }
func absListFixed(t *testing.T) { compareWhileAdding((*List).EqualLocked, 1) }

func TestFindsRace(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := checktest.Explore(absList, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.DataRace {
			t.Fatalf("seed %d: no race in %d executions (%v)", seed, rep.Executions, f)
		}
		if err := checktest.Replays(absList, f, sched.Options{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if seed == 1 {
			t.Logf("report:\n%s", f.Format(""))
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(absListFixed, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("explored all %d schedules with at most 2 preemptions", rep.Executions)
}
