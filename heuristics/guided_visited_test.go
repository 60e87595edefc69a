package heuristics

import (
	"testing"

	"github.com/mcheck-dev/mcheck/sched"
)

// exhaustVisited explores tg with one trial of guided test (a guide never
// reached) with its visited set on, and reduction r.
func exhaustVisited(t *testing.T, tg sched.Target, r Reduction, seed uint64) (*sched.Report, *Guided) {
	t.Helper()
	g := NewGuided([]Location{{"main.go", 999}}, Heuristics["random"], nil, 0).WithReduction(r).WithVisited(true)
	return runTrial(t, tg, g, sched.Options{Seed: seed, Executions: budget, NoRaces: true, StateCaching: true}), g
}

// The paths of indep's goroutines, which touch nothing in common, meet in
// the same states: with the visited set guided test's search ends them
// there and runs its backtrack set empty, where without it does not end
// within the budget (TestGuidedReductionIndependent); the explorer counts
// the paths cut.
func TestGuidedVisitedIndependent(t *testing.T) {
	rep, g := exhaustVisited(t, loadTarget(t, "indep"), NoReduction, 1)
	st := g.Stats()
	t.Logf("%d executions, %d cut at a state seen, %+v", rep.Executions, rep.StateHits, st)
	if rep.Failure != nil || !rep.Exhausted {
		t.Fatalf("failure %v, exhausted %v after %d executions", rep.Failure, rep.Exhausted, rep.Executions)
	}
	if st.Revisit == 0 || rep.StateHits != st.Revisit || rep.Executions+rep.Pruned >= budget {
		t.Errorf("%d executions, %d pruned, %d state hits, %+v: want paths cut at states seen and a search that ends", rep.Executions, rep.Pruned, rep.StateHits, st)
	}
}

// The visited set keeps the state where the update is lost reachable:
// the panic is found for every seed.
func TestGuidedVisitedKeepsBug(t *testing.T) {
	tg := loadTarget(t, "lostupdate")
	for seed := uint64(1); seed <= 10; seed++ {
		rep, g := exhaustVisited(t, tg, NoReduction, seed)
		if f := rep.Failure; f == nil || f.Kind != sched.Panic {
			t.Fatalf("seed %d: no panic in %d executions (exhausted %v, %+v)", seed, rep.Executions, rep.Exhausted, g.Stats())
		}
	}
}

// With a reduction on, the visited set prunes nothing (guided_visited.go).
func TestGuidedVisitedNotWithReduction(t *testing.T) {
	for name, r := range reductions {
		rep, g := exhaustVisited(t, loadTarget(t, "indep"), r, 1)
		if st := g.Stats(); st.Visited != 0 || rep.StateHits != 0 {
			t.Errorf("%s: %d states fingerprinted, %d state hits: want none", name, st.Visited, rep.StateHits)
		}
	}
}
