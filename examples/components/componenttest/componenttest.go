// Package componenttest holds the checks every example component's tests
// make: the buggy component is found by mcheck.Component with default
// settings for 20 of 20 seeds (5 of them under -short), each failure
// replays from its token, and the fixed twin comes back clean.
package componenttest

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// Seeds is how many seeds FindsBug tries.
const Seeds = 20

// seeds returns the seeds FindsBug and RunFindsBug try: 1 to Seeds, or
// under -short every fourth of them (1, 5, 9, 13, 17), as ssainterp's
// corpus does: each seed is a full search, shrinking and replay, and
// the examples' packages are much of the -short run; go test without
// -short tries all 20.
func seeds() []uint64 {
	var s []uint64
	for seed := uint64(1); seed <= Seeds; seed++ {
		if !testing.Short() || seed%4 == 1 {
			s = append(s, seed)
		}
	}
	return s
}

// FindsBug checks that scenario, a named function of the calling test
// package that calls mcheck.Component on a buggy component, fails with
// one of kinds for every seed, and that each failure replays from its
// token with the same trace.
func FindsBug(t *testing.T, scenario func(*testing.T), kinds ...sched.Kind) {
	t.Helper()
	for _, seed := range seeds() {
		rep, err := checktest.Component(scenario, func(c *check.Config) { c.Seed = seed })
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		f := rep.Failure
		if f == nil {
			t.Fatalf("seed %d: no bug in %d environments, %d executions", seed, rep.Attempts, rep.Executions)
		}
		if !slices.Contains(kinds, f.Kind) {
			t.Fatalf("seed %d: found %s, want one of %v:\n%s", seed, f.Kind, kinds, f.Format(""))
		}
		again, err := checktest.Component(scenario, func(c *check.Config) { c.Replay = rep.Token })
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		g := again.Failure
		if g == nil || g.Kind != f.Kind || g.Message != f.Message || !slices.Equal(g.Trace, f.Trace) || g.Environment != f.Environment {
			t.Fatalf("seed %d: the token %s does not replay\n%s\nreplayed: %v", seed, rep.Token, f.Format(""), g)
		}
		t.Logf("seed %d: %s in environment %d after %d executions, %v; %d calls after shrinking",
			seed, f.Kind, rep.Attempts, rep.Executions, rep.Elapsed, rep.Plan.Calls())
	}
}

// SameForAnyWorkers checks that, with a budget in executions, the
// restarts' outcome for a seed does not depend on the number of workers
// of the parallel portfolio: the same environment fails with the same
// token after the same number of executions.
func SameForAnyWorkers(t *testing.T, scenario func(*testing.T)) {
	t.Helper()
	var first *check.ComponentReport
	for _, w := range []int{1, 2, 3} {
		rep, err := checktest.Component(scenario, func(c *check.Config) {
			c.Seed, c.Workers, c.Executions, c.Time = 9, w, 20000, 0
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Failure == nil {
			t.Fatalf("workers %d: no bug", w)
		}
		if first == nil {
			first = rep
			continue
		}
		if rep.Token != first.Token || rep.Attempts != first.Attempts || rep.Executions != first.Executions {
			t.Fatalf("workers %d: token %s after %d environments, %d executions; with 1 worker: %s, %d, %d",
				w, rep.Token, rep.Attempts, rep.Executions, first.Token, first.Attempts, first.Executions)
		}
	}
}

// RunFindsBug checks that scenario, a hand-written test body of the
// calling test package run on a buggy component (what mcheck.Run would
// explore), fails with one of kinds for every seed under the default
// strategy and budget, and that each failure replays from its schedule.
func RunFindsBug(t *testing.T, scenario func(*testing.T), kinds ...sched.Kind) {
	t.Helper()
	for _, seed := range seeds() {
		rep, err := checktest.Explore(scenario, sched.Options{Seed: seed})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		f := rep.Failure
		if f == nil || !slices.Contains(kinds, f.Kind) {
			t.Fatalf("seed %d: want one of %v in %d executions, got %v", seed, kinds, rep.Executions, f)
		}
		if err := checktest.Replays(scenario, f, sched.Options{}); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		t.Logf("seed %d: %s after %d executions: %s", seed, f.Kind, rep.Executions, strings.SplitN(f.Message, "\n", 2)[0])
	}
}
