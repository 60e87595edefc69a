package edarace

import (
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// The scenarios mcheck explores (go test does not run them directly).

func rally30(t *testing.T) {
	if got := Play(30); got != 2 {
		t.Errorf("total %d, want 2", got)
	}
}

func rally30Fixed(t *testing.T) {
	if got := PlayFixed(30); got != 2 {
		t.Errorf("total %d, want 2", got)
	}
}

// eda returns options exploring with the EDA search under fitness.
func eda(seed uint64, execs int, fitness heuristics.Fitness) sched.Options {
	return sched.Options{Strategy: "eda", Seed: seed, Executions: execs, Workers: 1,
		Custom: func() sched.Strategy {
			return heuristics.NewEDA(heuristics.EDAOptions{Fitness: fitness})
		}}
}

const budget = 8000 // executions

// TestRaceFitnessFindsRace: with the race fitness the EDA finds the data
// race of the rally shortcut within the budget for three seeds (one
// under -short), and the failure replays; the random walk does not with
// the same budget.
func TestRaceFitnessFindsRace(t *testing.T) {
	for seed := uint64(1); seed <= checktest.Seeds(3); seed++ {
		rep, err := checktest.Explore(rally30, eda(seed, budget, heuristics.Race))
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.DataRace {
			t.Fatalf("seed %d: no data race in %d executions (%v)", seed, rep.Executions, f)
		}
		if err := checktest.Replays(rally30, f, sched.Options{}); err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d: race found after %d executions", seed, rep.Executions)
	}
	if testing.Short() { // the inner loop: no random walk
		return
	}
	rep, err := checktest.Explore(rally30, sched.Options{Strategy: "random", Seed: 1, Executions: budget})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		t.Errorf("the random walk found %s after %d executions: the example no longer needs the EDA", rep.Failure.Kind, rep.Executions)
	}
}

// TestFixedTwinIsClean: with the shortcut under the lock there is no
// race.
func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(rally30Fixed, eda(1, 1500, heuristics.Race))
	if err != nil || rep.Failure != nil {
		t.Fatalf("%v %v", rep.Failure, err)
	}
}
