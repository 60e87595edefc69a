package sched

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCoveragePairs checks the exact ordering pairs of a small program,
// explored in full (dfs without a bound or reduction): two goroutines
// each lock a mutex once and call wg.Done; main waits. The pairs are
// the unlock by one goroutine and the lock by the other, wg.Add and a
// Done, the two Dones, the last Done and wg.Wait (a lock waiting for
// the other's unlock is not a step, so no lock follows a lock). The
// random walk covers the same ones.
func TestCoveragePairs(t *testing.T) {
	tg := target(t, "coverlock")
	want := []string{
		"main.go:11 → main.go:16", // wg.Add(2) → wg.Done()
		"main.go:15 → main.go:14", // mu.Unlock() → mu.Lock()
		"main.go:16 → main.go:16", // wg.Done() → wg.Done()
		"main.go:16 → main.go:19", // wg.Done() → wg.Wait()
	}
	for _, strategy := range []string{"dfs", "random"} {
		cov := NewCoverage()
		rep, err := Explore(tg, Options{Strategy: strategy, PreemptionBound: Unbounded, NoReduction: true, Executions: 200, Seed: 1, Coverage: cov})
		require.NoError(t, err)
		require.Nil(t, rep.Failure)
		require.Equal(t, want, cov.List(tg.Prog.Fset()), strategy)
		require.Equal(t, len(want), rep.Pairs, strategy)
	}
}

// TestCoverageMemory: the pairs of shared memory are a store and the
// next access of another goroutine, and a load and the store of another
// goroutine that follows it; two loads form none, and a load and a store
// at one position (n++) are two operations.
func TestCoverageMemory(t *testing.T) {
	tg := target(t, "coverrace")
	cov := NewCoverage()
	rep, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, NoReduction: true, NoRaces: true, Coverage: cov})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.Equal(t, []string{
		"main.go:11 → main.go:14",        // wg.Add(2) → wg.Done()
		"main.go:14 → main.go:14",        // wg.Done() → wg.Done()
		"main.go:14 → main.go:18",        // wg.Done() → wg.Wait()
		"main.go:15 (load) → main.go:15", // n++ by one goroutine, loads → n++ by the other, stores (the lost update)
		"main.go:15 → main.go:15",        // stores → stores
		"main.go:15 → main.go:15 (load)", // stores → loads
		"main.go:15 → main.go:19 (load)", // stores → main loads
	}, cov.List(tg.Prog.Fset()))
}

// TestSaturation: with Saturate, the random walk of a small program stops
// once no new pair has appeared for SaturationExecutions executions (and
// half of them), long before its execution budget; without it, or under
// dfs, the budget holds.
func TestSaturation(t *testing.T) {
	tg := target(t, "coverlock")
	rep, err := Explore(tg, Options{Strategy: "random", Seed: 1, Executions: 100 * SaturationExecutions, Saturate: true})
	require.NoError(t, err)
	require.True(t, rep.Saturated)
	require.Equal(t, 4, rep.Pairs)
	require.GreaterOrEqual(t, rep.PairsStale, SaturationExecutions)
	require.Less(t, rep.Executions, 2*SaturationExecutions)

	rep, err = Explore(tg, Options{Strategy: "random", Seed: 1, Executions: 3 * SaturationExecutions})
	require.NoError(t, err)
	require.False(t, rep.Saturated)
	require.Equal(t, 3*SaturationExecutions, rep.Executions)

	rep, err = Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, NoReduction: true, Saturate: true})
	require.NoError(t, err)
	require.False(t, rep.Saturated)
	require.True(t, rep.Exhausted)
}
