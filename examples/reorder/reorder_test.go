package reorder

import (
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// Scenarios: Reorder(5,1), and its fixed twin.
func reorder5(t *testing.T) {
	if bad := Run(5, 1, (*Pair).Set, (*Pair).Check); bad > 0 {
		t.Errorf("a checker saw a half-written pair")
	}
}

// Reorder(10,1), for examples/bench guided.
func reorder10(t *testing.T) {
	if bad := Run(10, 1, (*Pair).Set, (*Pair).Check); bad > 0 {
		t.Errorf("a checker saw a half-written pair")
	}
}

func reorder5Fixed(t *testing.T) {
	if bad := Run(5, 1, (*Pair).SetLocked, (*Pair).CheckLocked); bad > 0 {
		t.Errorf("a checker saw a half-written pair")
	}
}

func reorder2Fixed(t *testing.T) {
	if bad := Run(2, 1, (*Pair).SetLocked, (*Pair).CheckLocked); bad > 0 {
		t.Errorf("a checker saw a half-written pair")
	}
}

// TestFindsRace: the race is reported with both accesses' file:line in
// 20 of 20 seeds, and with race reports off, the inconsistent read itself.
func TestFindsRace(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := checktest.Explore(reorder5, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.DataRace {
			t.Fatalf("seed %d: no race in %d executions (%v)", seed, rep.Executions, f)
		}
		if err := checktest.Replays(reorder5, f, sched.Options{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !strings.HasPrefix(f.Race.Current.Pos, "reorder.go:") || !strings.HasPrefix(f.Race.Previous.Pos, "reorder.go:") {
			t.Errorf("seed %d: race between %s and %s", seed, f.Race.Current.Pos, f.Race.Previous.Pos)
		}
		rep, err = checktest.Explore(reorder5, sched.Options{Seed: seed, NoRaces: true})
		if err != nil {
			t.Fatal(err)
		}
		if f := rep.Failure; f == nil || f.Kind != sched.TestFailed || checktest.Replays(reorder5, f, sched.Options{NoRaces: true}) != nil {
			t.Fatalf("seed %d: no inconsistent read in %d executions (%v)", seed, rep.Executions, f)
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(reorder5Fixed, sched.Options{Seed: 1, Executions: 2000})
	if err != nil || rep.Failure != nil {
		t.Fatalf("%v %v", rep.Failure, err)
	}
	rep, err = checktest.Explore(reorder2Fixed, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("Reorder(2,1) fixed: explored all %d schedules with at most 2 preemptions", rep.Executions)
}
