package arylist

import (
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// Scenarios: AryList(1,n), one AddAll and n goroutines removing and
// adding an item, and the fixed twins.
func aryList2(t *testing.T)       { Run(2, (*ArrayList).AddAll) }
func aryList10(t *testing.T)      { Run(10, (*ArrayList).AddAll) }
func aryList10Fixed(t *testing.T) { Run(10, (*ArrayList).AddAllLocked) }
func aryList2Fixed(t *testing.T)  { Run(2, (*ArrayList).AddAllLocked) }

// TestFindsIndexPanic: AddAll's Get runs past the end of a list a
// remover shrank after AddAll read its size; the schedule replays.
func TestFindsIndexPanic(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		rep, err := checktest.Explore(aryList2, sched.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.Panic || !strings.Contains(f.Message, "index out of range") {
			t.Fatalf("seed %d: no index panic in %d executions (%v)", seed, rep.Executions, f)
		}
		if err := checktest.Replays(aryList2, f, sched.Options{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := checktest.Explore(aryList10Fixed, sched.Options{Seed: 1, Executions: 2000})
	if err != nil || rep.Failure != nil {
		t.Fatalf("%v %v", rep.Failure, err)
	}
	rep, err = checktest.Explore(aryList2Fixed, sched.Options{Strategy: "dfs"})
	if err != nil || rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("%+v %v", rep, err)
	}
	t.Logf("AryList(1,2) fixed: explored all %d schedules with at most 2 preemptions", rep.Executions)
}
