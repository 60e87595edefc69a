package sched

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStateCaching: the stateful dfs explores fewer schedules than the
// full search, reports how often it met a state already seen, and still
// finds the bugs (lastwriter's needs the order of two locked writes that
// dfs tries second).
func TestStateCaching(t *testing.T) {
	for _, tc := range []struct {
		name     string
		syncOnly bool
		all      int
	}{
		{"twoatomics", true, 126},
		{"lockedcounter", false, 176},
		{"chanpair", false, 1364},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: tc.syncOnly, NoRaces: true, StateCaching: true}
			rep, err := Explore(target(t, tc.name), opts)
			require.NoError(t, err)
			require.Nil(t, rep.Failure)
			require.True(t, rep.Exhausted)
			t.Logf("%s: %d schedules without reduction; with state caching %d, %d cut at a state already seen", tc.name, tc.all, rep.Executions, rep.StateHits)
			require.Positive(t, rep.StateHits)
			require.Equal(t, rep.Pruned, rep.StateHits)
			require.Less(t, rep.Executions+rep.Pruned, tc.all)
			require.Contains(t, rep.Summary(), "executions cut at a state already seen")
		})
	}
	first, err := Explore(target(t, "lastwriter"), Options{Strategy: "dfs", Executions: 1, SyncOnly: true, NoRaces: true})
	require.NoError(t, err)
	require.Nil(t, first.Failure, "lastwriter fails on dfs's first schedule")
	for _, name := range []string{"lastwriter", "lockorder", "doubleclose"} {
		rep, err := Explore(target(t, name), Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: true, NoRaces: true, StateCaching: true})
		require.NoError(t, err)
		require.NotNil(t, rep.Failure, "%s: the stateful search missed the bug", name)
	}
}

// TestStateHashAcrossMachines: the same schedule run twice, on two
// machines, passes through the same state hashes (heap objects are named
// by the walk, not by address).
func TestStateHashAcrossMachines(t *testing.T) {
	tg := target(t, "lockedcounter")
	hashes := func(choices []int) []uint64 {
		r := &hashRecorder{replay: replay{choices: choices}}
		_, _, err := runOne(tg, Options{MaxSteps: 20000, LoopSteps: 10_000_000, NoRaces: true}, 1, r, false, nil)
		require.NoError(t, err)
		return r.hashes
	}
	a, b := hashes(nil), hashes(nil)
	require.NotEmpty(t, a)
	require.Equal(t, a, b)
}

// hashRecorder replays a schedule (the lowest alternative past its end)
// and records the state hash at every choice.
type hashRecorder struct {
	replay
	ex     *Execution
	hashes []uint64
}

func (h *hashRecorder) Begin(ex *Execution) { h.ex = ex }
func (h *hashRecorder) Performed(Op)        {}
func (h *hashRecorder) NextGoroutine(enabled []int, current int) int {
	h.hashes = append(h.hashes, h.ex.m.StateHash())
	return h.replay.NextGoroutine(enabled, current)
}
