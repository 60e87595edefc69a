package edaleak

import (
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// The scenarios mcheck explores (go test does not run them directly).

// A transfer that times out is allowed (the caller would retry); the
// goroutines it leaves blocked forever are the bug.

func transfer16(t *testing.T) {
	t.Logf("%d of 16 transfers finished", Transfer(16))
}

func transfer16Ordered(t *testing.T) {
	t.Logf("%d of 16 transfers finished", TransferOrdered(16))
}

// eda returns options exploring with the EDA search under fitness.
func eda(seed uint64, execs int, fitness heuristics.Fitness) sched.Options {
	return sched.Options{Strategy: "eda", Seed: seed, Executions: execs, Workers: 1,
		Custom: func() sched.Strategy { return heuristics.NewEDA(heuristics.EDAOptions{Fitness: fitness}) }}
}

const budget = 8000 // executions

// TestLeakFitnessFindsLeak: with the leak fitness the EDA finds the
// leaked workers of the ring of 16 within the budget for three seeds
// (one under -short), and the failure replays; the random walk does not
// with the same budget.
func TestLeakFitnessFindsLeak(t *testing.T) {
	for seed := uint64(1); seed <= checktest.Seeds(3); seed++ {
		rep, err := checktest.Explore(transfer16, eda(seed, budget, heuristics.Leak))
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.Leak || len(f.Goroutines) != 16 {
			t.Fatalf("seed %d: no leak of 16 goroutines in %d executions (%v)", seed, rep.Executions, f)
		}
		if err := checktest.Replays(transfer16, f, sched.Options{}); err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: leak found after %d executions", seed, rep.Executions)
	}
	if testing.Short() { // the inner loop: no random walk
		return
	}
	rep, err := checktest.Explore(transfer16, sched.Options{Strategy: "random", Seed: 1, Executions: budget})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		t.Errorf("the random walk found %s after %d executions: the example no longer needs the EDA", rep.Failure.Kind, rep.Executions)
	}
}

// TestFixedTwinIsClean: with the locks in index order nothing leaks.
func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(transfer16Ordered, eda(1, 1500, heuristics.Leak))
	if err != nil || rep.Failure != nil {
		t.Fatalf("%v %v", rep.Failure, err)
	}
}
