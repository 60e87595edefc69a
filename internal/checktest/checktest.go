// Package checktest holds helpers for mcheck's own tests and examples:
// exploring a scenario (a named function of the calling test package
// with a test's signature, which go test does not run itself) and
// getting the report instead of a failed test. It has no global state:
// a scenario is loaded from source and its options are read from the
// interpreted call, so tests using it may run in parallel.
package checktest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/sched"
)

// LoadTest loads the package in dir with its tests and returns the
// exploration target for its function testName.
func LoadTest(dir, pkgPath, testName string) (sched.Target, error) {
	return check.LoadTest(dir, check.ID{Pkg: pkgPath, Test: testName}, nil)
}

// Explore explores scenario with opts and returns the report. It is how
// a package tests that mcheck finds the bug a scenario has.
func Explore(scenario func(*testing.T), opts sched.Options) (*sched.Report, error) {
	id, err := check.Named(scenario)
	if err != nil {
		return nil, err
	}
	target, err := check.LoadTest(".", id, nil)
	if err != nil {
		return nil, err
	}
	return sched.Explore(target, opts)
}

// Replays replays failure f of scenario (see Explore), found with opts,
// from its schedule token and reports an error unless the same failure,
// with the same trace, comes back.
func Replays(scenario func(*testing.T), f *sched.Failure, opts sched.Options) error {
	opts.Replay = f.Schedule.Token()
	rep, err := Explore(scenario, opts)
	if err != nil {
		return err
	}
	g := rep.Failure
	if g == nil || g.Kind != f.Kind || g.Message != f.Message || !slices.Equal(g.Trace, f.Trace) {
		return fmt.Errorf("the schedule %s does not replay its failure (%s: %s); replayed: %v", f.Schedule.Token(), f.Kind, f.Message, g)
	}
	return nil
}

// Component checks the component of scenario's mcheck.Component call
// (say, func checkCache(t *testing.T) { mcheck.Component(t, NewCache) })
// and returns the report: the call's options apply, then over, if not
// nil, changes the configuration (the seed, the budget). The default
// budget is mcheck.Component's (3s, 1s with -short). The -mcheck.* flags
// of the running test binary do not apply.
func Component(scenario func(*testing.T), over func(*check.Config)) (*check.ComponentReport, error) {
	id, err := check.Named(scenario)
	if err != nil {
		return nil, err
	}
	return ComponentTest(".", id, over)
}

// ComponentTest is Component for the function id.Test of the package
// id.Pkg in dir.
func ComponentTest(dir string, id check.ID, over func(*check.Config)) (*check.ComponentReport, error) {
	target, got, err := component.Load(dir, id, nil)
	if err != nil {
		return nil, err
	}
	var c check.Config
	if err := check.ReadOptions(&c, got.Options); err != nil {
		return nil, err
	}
	if over != nil {
		over(&c)
	}
	check.DefaultBudget(&c, check.ComponentTime, testing.Short())
	return component.Check(target, id, "", c, got)
}

// Seeds is how many seeds a test that repeats a search for several seeds
// tries: n, and one under -short (the inner loop; the full run tries
// them all).
func Seeds(n uint64) uint64 {
	if testing.Short() {
		return 1
	}
	return n
}
