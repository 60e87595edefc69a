package deadlock

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

func bothWays(t *testing.T, transfer func(a, b *Account, amount int)) {
	a, b := NewAccount(1, 100), NewAccount(2, 100)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); transfer(a, b, 10) }()
	go func() { defer wg.Done(); transfer(b, a, 20) }()
	wg.Wait()
	if a.Balance()+b.Balance() != 200 {
		t.Errorf("money was created or lost: %d + %d", a.Balance(), b.Balance())
	}
}

// manyOneWay runs n transfers from a to b and one from b to a: the
// Deadlock(1,n) of Rungta and Mercer 2008, a Vector/Hashtable-style cycle between one
// goroutine and any of n.
func manyOneWay(t *testing.T, n int, transfer func(a, b *Account, amount int)) {
	a, b := NewAccount(1, 100), NewAccount(2, 100)
	var wg sync.WaitGroup
	wg.Add(n + 1)
	for range n {
		go func() { defer wg.Done(); transfer(a, b, 1) }()
	}
	go func() { defer wg.Done(); transfer(b, a, 5) }()
	wg.Wait()
	if a.Balance()+b.Balance() != 200 {
		t.Errorf("money was created or lost: %d + %d", a.Balance(), b.Balance())
	}
}

// Scenarios mcheck explores.
func deadlock10(t *testing.T)              { manyOneWay(t, 10, Transfer) }
func transferBothWays(t *testing.T)        { bothWays(t, Transfer) }
func transferBothWaysOrdered(t *testing.T) { bothWays(t, TransferOrdered) }

func TestFindsDeadlock(t *testing.T) {
	for _, strategy := range []string{"random", "pct", "dfs"} {
		for seed := uint64(1); seed <= 20; seed++ {
			if strategy == "dfs" && seed > 1 {
				break // deterministic
			}
			rep, err := checktest.Explore(transferBothWays, sched.Options{Strategy: strategy, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			f := rep.Failure
			if f == nil || f.Kind != sched.GlobalDeadlock {
				t.Fatalf("%s seed %d: no deadlock in %d executions", strategy, seed, rep.Executions)
			}
			again, err := checktest.Explore(transferBothWays, sched.Options{Replay: f.Schedule.Token()})
			if err != nil || again.Failure == nil || again.Failure.Kind != f.Kind {
				t.Fatalf("%s seed %d: the schedule %s does not replay", strategy, seed, f.Schedule.Token())
			}
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(transferBothWaysOrdered, sched.Options{Strategy: "dfs", PreemptionBound: sched.Unbounded})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("explored all %d schedules, no bug", rep.Executions)
}
