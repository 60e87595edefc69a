package sched

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCoveragePairs checks the exact ordering pairs of a small program,
// explored in full (dfs without a bound or reduction): two goroutines
// each lock and unlock a mutex twice and call wg.Done; main waits. The
// pairs are an unlock by one goroutine and a lock by the other (either
// unlock before either lock: a lock waiting for the other's unlock is not
// a step, so no lock follows a lock), wg.Add and a Done, the two Dones,
// the last Done and wg.Wait. The random walk covers the same ones.
func TestCoveragePairs(t *testing.T) {
	tg := target(t, "dpor/lockpairs")
	want := []string{
		"main.go:12 → main.go:12", // wg.Done() → wg.Done()
		"main.go:12 → main.go:19", // wg.Done() → wg.Wait()
		"main.go:14 → main.go:13", // the first mu.Unlock() → the other's first mu.Lock()
		"main.go:14 → main.go:15", // the first mu.Unlock() → the other's second mu.Lock()
		"main.go:16 → main.go:13", // the second mu.Unlock() → the other's first mu.Lock()
		"main.go:16 → main.go:15", // the second mu.Unlock() → the other's second mu.Lock()
		"main.go:9 → main.go:12",  // wg.Add(2) → wg.Done()
	}
	for _, strategy := range []string{"dfs", "random"} {
		cov := NewCoverage()
		rep, err := Explore(tg, Options{Strategy: strategy, PreemptionBound: Unbounded, NoReduction: true, Executions: 500, Seed: 1, Coverage: cov})
		require.NoError(t, err)
		require.Nil(t, rep.Failure)
		require.Equal(t, want, cov.List(tg.Prog.Fset()), strategy)
		require.Equal(t, len(want), rep.Pairs, strategy)
	}
}

// TestCoverageMemory: the pairs of shared memory are a store and the
// next access of another goroutine, and a load and the store of another
// goroutine that follows it.
func TestCoverageMemory(t *testing.T) {
	tg := target(t, "coverrace")
	cov := NewCoverage()
	rep, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, NoReduction: true, NoRaces: true, Coverage: cov})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.Equal(t, []string{
		"main.go:12 → main.go:15",        // wg.Add(2) → wg.Done() of the first goroutine
		"main.go:12 → main.go:21",        // wg.Add(2) → wg.Done() of the second
		"main.go:14 → main.go:18 (load)", // n = 1 → if n == 0 reads it
		"main.go:14 → main.go:19",        // n = 1 → n = 2 overwrites it (the other read 0 before)
		"main.go:14 → main.go:24 (load)", // n = 1 → main reads it
		"main.go:15 → main.go:21",        // wg.Done() → wg.Done()
		"main.go:15 → main.go:23",        // wg.Done() → wg.Wait()
		"main.go:18 (load) → main.go:14", // if n == 0 reads 0 → n = 1
		"main.go:19 → main.go:14",        // n = 2 → n = 1 overwrites it
		"main.go:19 → main.go:24 (load)", // n = 2 → main reads it
		"main.go:21 → main.go:15",        // wg.Done() → wg.Done()
		"main.go:21 → main.go:23",        // wg.Done() → wg.Wait()
	}, cov.List(tg.Prog.Fset()))
}

// TestSaturation: with Saturate, the random walk of a small program stops
// once no new pair has appeared for SaturationExecutions executions (and
// half of them), long before its execution budget; without it, or under
// dfs, the budget holds.
func TestSaturation(t *testing.T) {
	tg := target(t, "dpor/lockpairs")
	rep, err := Explore(tg, Options{Strategy: "random", Seed: 1, Executions: 100 * SaturationExecutions, Saturate: true})
	require.NoError(t, err)
	require.True(t, rep.Saturated)
	require.Equal(t, 7, rep.Pairs)
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
