package twostage

import (
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// twoStage runs TwoStage(n,1) with write and fails t if the reader saw
// an inconsistent pair.
func twoStage(t *testing.T, n int, write func(*State)) {
	if bad := Run(n, 1, write); bad > 0 {
		t.Errorf("a reader saw data1 set but data2 stale (%d times)", bad)
	}
}

// Scenarios mcheck explores: TwoStage(7,1), TwoStage(8,1) and
// TwoStage(10,1) (the last two for examples/bench guided), and fixed
// twins.
func twoStage7(t *testing.T)      { twoStage(t, 7, (*State).Write) }
func twoStage8(t *testing.T)      { twoStage(t, 8, (*State).Write) }
func twoStage10(t *testing.T)     { twoStage(t, 10, (*State).Write) }
func twoStage7Fixed(t *testing.T) { twoStage(t, 7, (*State).WriteFixed) }
func twoStage2Fixed(t *testing.T) { twoStage(t, 2, (*State).WriteFixed) }

// TestFindsAtomicityViolation: the writer reads data1 while holding only
// data2's lock, a data race (as in the Java benchmark) that the default
// settings report at once; with race reports off the atomicity violation
// itself is found. Both with 20 seeds.
func TestFindsAtomicityViolation(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := checktest.Explore(twoStage7, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if f := rep.Failure; f == nil || f.Kind != sched.DataRace {
			t.Fatalf("seed %d: no data race in %d executions (%v)", seed, rep.Executions, f)
		}
		rep, err = checktest.Explore(twoStage7, sched.Options{Seed: seed, NoRaces: true})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.TestFailed || checktest.Replays(twoStage7, f, sched.Options{NoRaces: true}) != nil {
			t.Fatalf("seed %d: atomicity violation not found in %d executions (%v)", seed, rep.Executions, f)
		}
		if seed == 1 {
			t.Logf("report:\n%s", f.Format("go test -run TestFindsAtomicityViolation"))
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(twoStage7Fixed, sched.Options{Seed: 1, Executions: 2000})
	if err != nil || rep.Failure != nil {
		t.Fatalf("%v %v", rep.Failure, err)
	}
	rep, err = checktest.Explore(twoStage2Fixed, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("TwoStage(2,1) fixed: explored all %d schedules with at most 2 preemptions", rep.Executions)
}
