package arylist

import (
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
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

// TestGuidedFindsIndexPanic: guided test with PFSM along AddAll's Size,
// a Remove and AddAll's Get (the bench's AryList(1,10) sequence) finds
// the panic on its first few paths. It took hundreds of thousands of
// steps when returning from Add to Run's go statements counted as
// passing every line in between, so that the setup "observed" the whole
// sequence before the first choice (heuristics.Guided.observes).
func TestGuidedFindsIndexPanic(t *testing.T) {
	var locs []heuristics.Location
	for _, s := range []string{"arylist.go:60", "arylist.go:52", "arylist.go:68"} {
		l, err := heuristics.ParseLocation(s)
		if err != nil {
			t.Fatal(err)
		}
		locs = append(locs, l)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		o := sched.Options{Seed: seed, Executions: 20, Workers: 1, Strategy: "guided-pfsm", Custom: func() sched.Strategy {
			return heuristics.NewGuided(locs, heuristics.Heuristics["pfsm"], nil, 0)
		}}
		rep, err := checktest.Explore(aryList10, o)
		if err != nil {
			t.Fatal(err)
		}
		if f := rep.Failure; f == nil || f.Kind != sched.Panic {
			t.Fatalf("seed %d: no index panic in %d executions (%v)", seed, rep.Executions, f)
		}
	}
}
