package heuristics

import (
	"maps"
	"slices"
	"testing"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/sched/tracetest"
)

// guidedExhaust explores tg exhaustively (a guide never reached, no bound
// on the executions) with one trial of guided test, the reduction on or
// off.
const budget = 20_000

func guidedExhaust(t *testing.T, tg sched.Target, reduce Reduction, seed uint64) (*sched.Report, *Guided) {
	t.Helper()
	g := NewGuided([]Location{{"main.go", 999}}, Heuristics["random"], nil, 0).WithReduction(reduce)
	return runTrial(t, tg, g, sched.Options{Seed: seed, Executions: budget, NoRaces: true}), g
}

// reductions are guided test's reductions by name, for the tests.
var reductions = map[string]Reduction{"sleep": SleepSets, "dpor": SourceDPOR}

// pruned is the number of successors a reduction did not keep.
func pruned(g *Guided) int64 { return g.Stats().Asleep + g.Stats().Unraced }

// Three goroutines that touch nothing in common (each writes its own
// variable and signals main on its own channel): without reduction guided
// test's search runs through the interleavings of their steps and does
// not end within the budget; with sleep sets, or with source-DPOR, it
// ends (the backtrack set runs empty), clean, in far fewer executions.
func TestGuidedReductionIndependent(t *testing.T) {
	tg := loadTarget(t, "indep")
	full, gf := guidedExhaust(t, tg, NoReduction, 1)
	for name, r := range reductions {
		red, gr := guidedExhaust(t, tg, r, 1)
		t.Logf("%s: without: %d executions %+v; with: %d executions, %d pruned %+v", name, full.Executions, gf.Stats(), red.Executions, red.Pruned, gr.Stats())
		if red.Failure != nil || full.Failure != nil {
			t.Fatalf("%s: failures %v, %v in a program without a bug", name, full.Failure, red.Failure)
		}
		if red.Executions+red.Pruned >= budget || !red.Exhausted || pruned(gr) == 0 {
			t.Errorf("%s: %d executions, %d pruned (%+v): want a search that ends within %d", name, red.Executions, red.Pruned, gr.Stats(), budget)
		}
		if full.Executions < 10*red.Executions {
			t.Errorf("%s: without reduction %d executions, with %d: want at least 10 times fewer", name, full.Executions, red.Executions)
		}
	}
}

// The reductions keep the one order that loses an update: an exhaustive
// search with either finds the panic for every seed, and takes no more
// paths to it than without.
func TestGuidedReductionKeepsBug(t *testing.T) {
	tg := loadTarget(t, "lostupdate")
	full, _ := guidedExhaust(t, tg, NoReduction, 1)
	for name, r := range reductions {
		for seed := uint64(1); seed <= 10; seed++ {
			red, gr := guidedExhaust(t, tg, r, seed)
			if f := red.Failure; f == nil || f.Kind != sched.Panic {
				t.Fatalf("%s, seed %d: reduced search: no panic in %d executions (exhausted %v, %+v)", name, seed, red.Executions, red.Exhausted, gr.Stats())
			}
		}
		red, _ := guidedExhaust(t, tg, r, 1)
		if red.Executions+red.Pruned > full.Executions+full.Pruned && red.Executions > full.Executions {
			t.Errorf("%s: reduced search took %d executions to the bug, unreduced %d", name, red.Executions, full.Executions)
		}
	}
}

// TestGuidedDPORMazurkiewicz: guided test with source-DPOR, run until its
// backtrack set is empty, explores every Mazurkiewicz trace of the tiny
// programs of sched's DPOR tests, as the full search (dfs without
// reduction, unbounded) sorts them (sched/tracetest), for every seed:
// the order in which guided test restores states does not make
// source-DPOR miss a trace. It may explore a trace twice (siblings
// restored earlier do not sleep below a state, guided_por.go), but takes
// fewer executions than there are schedules.
func TestGuidedDPORMazurkiewicz(t *testing.T) {
	for _, tc := range []struct {
		name   string
		shared bool // loads and stores are visible
	}{
		{"dpor/lockpairs", false},
		{"dpor/waitgroup", false},
		{"dpor/condsignal", false},
		{"dpor/atomics", false},
		{"dpor/independent", false},
		{"twoatomics", false},
		{"lockorder_fixed", false},
		{"lockedcounter", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := tracetest.Target(t, "../sched/testdata", "schedtest/"+tc.name)
			classes := func(opts sched.Options, s func() sched.Strategy) (*sched.Report, map[string]int) {
				var c *tracetest.Classes
				opts.Workers, opts.SyncOnly, opts.Executions = 1, !tc.shared, budget
				opts.Custom = func() sched.Strategy { c = tracetest.New(s()); return c }
				rep, err := sched.Explore(tg, opts)
				if err != nil {
					t.Fatal(err)
				}
				if rep.Failure != nil || !rep.Exhausted {
					t.Fatalf("%s: failure %v, exhausted %v after %d executions", opts.Strategy, rep.Failure, rep.Exhausted, rep.Executions)
				}
				c.Finish()
				return rep, c.Traces
			}
			full := sched.Options{Strategy: "dfs", PreemptionBound: sched.Unbounded, NoReduction: true}
			all, brute := classes(full, func() sched.Strategy {
				s, err := sched.NewStrategy("dfs", full)
				if err != nil {
					t.Fatal(err)
				}
				return s
			})
			want := slices.Sorted(maps.Keys(brute))
			for seed := uint64(1); seed <= 10; seed++ {
				var g *Guided
				rep, got := classes(sched.Options{Strategy: "guided", Seed: seed}, func() sched.Strategy {
					g = NewGuided([]Location{{"main.go", 999}}, Heuristics["random"], nil, 0).WithReduction(SourceDPOR)
					return g
				})
				t.Logf("seed %d: %d schedules, %d traces; guided with DPOR: %d executions, %d traces (%+v)", seed, all.Executions, len(brute), rep.Executions, len(got), g.Stats())
				if !slices.Equal(want, slices.Sorted(maps.Keys(got))) {
					t.Fatalf("seed %d: explored %d traces, want the %d of the full search", seed, len(got), len(brute))
				}
				if len(brute) > 1 && rep.Executions >= all.Executions {
					t.Errorf("seed %d: %d executions, the full search %d: want fewer", seed, rep.Executions, all.Executions)
				}
			}
		})
	}
}

// TestGuidedDPORChannels: on sched's programs that hand values over
// channels and selects (a partner completing a waiting goroutine's
// operation, several ready cases), guided test with source-DPOR, run
// until its backtrack set is empty, finds the bug the full search finds
// and comes back clean where there is none, for several seeds.
func TestGuidedDPORChannels(t *testing.T) {
	for _, tc := range tracetest.ChannelPrograms {
		t.Run(tc.Name, func(t *testing.T) {
			tg := tracetest.Target(t, "../sched/testdata", "schedtest/"+tc.Name)
			for seed := uint64(1); seed <= 5; seed++ {
				g := NewGuided([]Location{{"main.go", 999}}, Heuristics["random"], nil, 0).WithReduction(SourceDPOR)
				rep := runTrial(t, tg, g, sched.Options{Seed: seed, Executions: budget, SyncOnly: true, NoRaces: true})
				if found := rep.Failure != nil; found != tc.Bug || !found && !rep.Exhausted {
					t.Fatalf("seed %d: failure %v, exhausted %v after %d executions (%+v); want a bug: %v", seed, rep.Failure, rep.Exhausted, rep.Executions, g.Stats(), tc.Bug)
				}
			}
		})
	}
}
