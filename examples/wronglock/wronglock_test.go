package wronglock

import (
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// Scenarios: Wronglock(1,10) and its fixed twin.
func wronglock10(t *testing.T) {
	if got := Run(10, false); got != 11 {
		t.Errorf("counter %d, want 11: an update was lost", got)
	}
}

// Wronglock(1,20), for examples/bench guided.
func wronglock20(t *testing.T) {
	if got := Run(20, false); got != 21 {
		t.Errorf("counter %d, want 21: an update was lost", got)
	}
}

func wronglock10Fixed(t *testing.T) {
	if got := Run(10, true); got != 11 {
		t.Errorf("counter %d, want 11: an update was lost", got)
	}
}

func wronglock2Fixed(t *testing.T) {
	if got := Run(2, true); got != 3 {
		t.Errorf("counter %d, want 3: an update was lost", got)
	}
}

func TestFindsLostUpdate(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := checktest.Explore(wronglock10, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if f := rep.Failure; f == nil || f.Kind != sched.DataRace {
			t.Fatalf("seed %d: no race in %d executions (%v)", seed, rep.Executions, f)
		}
		if err := checktest.Replays(wronglock10, rep.Failure, sched.Options{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		rep, err = checktest.Explore(wronglock10, sched.Options{Seed: seed, NoRaces: true})
		if err != nil {
			t.Fatal(err)
		}
		if f := rep.Failure; f == nil || f.Kind != sched.TestFailed || checktest.Replays(wronglock10, f, sched.Options{NoRaces: true}) != nil {
			t.Fatalf("seed %d: no lost update in %d executions (%v)", seed, rep.Executions, f)
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(wronglock10Fixed, sched.Options{Seed: 1, Executions: 2000})
	if err != nil || rep.Failure != nil {
		t.Fatalf("%v %v", rep.Failure, err)
	}
	rep, err = checktest.Explore(wronglock2Fixed, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("Wronglock(1,2) fixed: explored all %d schedules with at most 2 preemptions", rep.Executions)
}
