package heuristics

import (
	"testing"

	"github.com/mcheck-dev/mcheck/sched"
)

// guidedExhaust explores tg exhaustively (a guide never reached, no bound
// on the executions) with one trial of guided test, the reduction on or
// off.
const budget = 20_000

func guidedExhaust(t *testing.T, tg sched.Target, reduce bool, seed uint64) (*sched.Report, *Guided) {
	t.Helper()
	g := NewGuided([]Location{{"main.go", 999}}, Heuristics["random"], nil, 0).WithReduction(reduce)
	rep, err := sched.Explore(tg, sched.Options{
		Strategy: "guided", Seed: seed, Executions: budget, Workers: 1, NoRaces: true,
		Custom: func() sched.Strategy { return g },
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep, g
}

// Three goroutines that touch nothing in common (each writes its own
// variable and signals main on its own channel): without reduction guided
// test's search runs through the interleavings of their steps and does
// not end within the budget; with sleep sets it ends (the backtrack set
// runs empty), clean, in far fewer executions.
func TestGuidedReductionIndependent(t *testing.T) {
	tg := loadTarget(t, "indep")
	full, gf := guidedExhaust(t, tg, false, 1)
	red, gr := guidedExhaust(t, tg, true, 1)
	t.Logf("without: %d executions %+v; with: %d executions, %d pruned %+v", full.Executions, gf.Stats(), red.Executions, red.Pruned, gr.Stats())
	if red.Failure != nil || full.Failure != nil {
		t.Fatalf("failures %v, %v in a program without a bug", full.Failure, red.Failure)
	}
	if red.Executions+red.Pruned >= budget || gr.Stats().Asleep == 0 {
		t.Errorf("with reduction: %d executions, %d pruned (%+v): want a search that ends within %d", red.Executions, red.Pruned, gr.Stats(), budget)
	}
	if full.Executions < 10*red.Executions {
		t.Errorf("without reduction %d executions, with %d: want at least 10 times fewer", full.Executions, red.Executions)
	}
}

// The reduction keeps the one order that loses an update: an exhaustive
// search with it finds the panic for every seed, and explores fewer
// paths than without.
func TestGuidedReductionKeepsBug(t *testing.T) {
	tg := loadTarget(t, "lostupdate")
	for seed := uint64(1); seed <= 10; seed++ {
		red, gr := guidedExhaust(t, tg, true, seed)
		if f := red.Failure; f == nil || f.Kind != sched.Panic {
			t.Fatalf("seed %d: reduced search: no panic in %d executions (exhausted %v, %+v)", seed, red.Executions, red.Exhausted, gr.Stats())
		}
	}
	// Counting all paths: the fixed twin of the question, no bug to
	// stop at, is the same program without the check; compare the
	// number of executions of both searches on indep above instead, and
	// here that the reduced search does not take more.
	full, _ := guidedExhaust(t, tg, false, 1)
	red, _ := guidedExhaust(t, tg, true, 1)
	if red.Executions+red.Pruned > full.Executions+full.Pruned && red.Executions > full.Executions {
		t.Errorf("reduced search took %d executions to the bug, unreduced %d", red.Executions, full.Executions)
	}
}
