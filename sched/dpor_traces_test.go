package sched_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/sched/tracetest"
)

// explore runs dfs (unbounded, unless opts has a preemption bound) with
// reduction options opts on program name and returns the report and the
// trace classes of its complete executions.
func exploreClasses(t *testing.T, name string, opts sched.Options) (*sched.Report, map[string]int) {
	t.Helper()
	var c *tracetest.Classes
	opts.Workers = 1
	opts.Strategy = "dfs"
	if opts.PreemptionBound == 0 {
		opts.PreemptionBound = sched.Unbounded
	}
	opts.Custom = func() sched.Strategy {
		s, err := sched.NewStrategy("dfs", opts)
		require.NoError(t, err)
		c = tracetest.New(s)
		return c
	}
	rep, err := sched.Explore(tracetest.Target(t, "testdata", "schedtest/"+name), opts)
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	c.Finish()
	return rep, c.Traces
}

// TestDPORMazurkiewicz: on tiny programs, dfs with DPOR (and with sleep
// sets alone) explores exactly one execution per Mazurkiewicz trace of
// the full search without reduction, which is the independent brute
// force: every trace is explored, none twice. The counts are recorded
// here; cut is the executions cut short because their sleep set blocks
// them, which DPOR rarely reaches and the sleep sets alone often.
//
// Programs whose goroutines hand values over channels are not in this
// table: a receive that a waiting sender completes on the receiver's
// behalf, and the step that reaches a channel operation (which queues
// the goroutine on the channel), make the event structure of an
// execution depend on more than the order of dependent operations, and
// the traces computed here are then finer or coarser than the
// equivalence the search relies on. TestDPORChannels checks those by
// the bugs found instead.
func TestDPORMazurkiewicz(t *testing.T) {
	for _, tc := range []struct {
		name              string
		shared            bool // loads and stores are visible
		all, traces       int
		cut, cutSleepOnly int
	}{
		{"dpor/lockpairs", false, 296, 12, 2, 4},
		{"dpor/waitgroup", false, 280, 6, 0, 9},
		{"dpor/condsignal", false, 12, 4, 2, 3},
		{"dpor/atomics", false, 126, 6, 0, 3},
		{"dpor/independent", false, 456, 1, 0, 7},
		{"twoatomics", false, 126, 12, 0, 2},
		{"lockorder_fixed", false, 10, 2, 2, 4},
		{"lockedcounter", true, 176, 4, 1, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := sched.Options{SyncOnly: !tc.shared}
			full := opts
			full.NoReduction = true
			all, brute := exploreClasses(t, tc.name, full)
			sleepOnly := opts
			sleepOnly.SleepSetsOnly = true
			sl, slClasses := exploreClasses(t, tc.name, sleepOnly)
			dpor, dporClasses := exploreClasses(t, tc.name, opts)
			t.Logf("%s: %d schedules, %d traces; sleep sets: %d (%d cut short); DPOR: %d (%d cut short)",
				tc.name, all.Executions, len(brute), sl.Executions, sl.Pruned, dpor.Executions, dpor.Pruned)
			classes := slices.Sorted(maps.Keys(brute))
			for _, got := range []map[string]int{slClasses, dporClasses} {
				require.Equal(t, classes, slices.Sorted(maps.Keys(got)), "the traces explored")
				for class, n := range got {
					require.Equal(t, 1, n, "trace %s explored %d times", class, n)
				}
			}
			require.Equal(t, [2]int{tc.all, tc.traces}, [2]int{all.Executions, len(brute)})
			require.Equal(t, [2]int{tc.traces, tc.cutSleepOnly}, [2]int{sl.Executions, sl.Pruned})
			require.Equal(t, [2]int{tc.traces, tc.cut}, [2]int{dpor.Executions, dpor.Pruned})
		})
	}
}

// TestDPORChannels: on programs that hand values over channels and
// selects, DPOR finds the bug the full search finds, and on the clean ones
// completes as many schedules as the sleep sets alone and cuts fewer.
func TestDPORChannels(t *testing.T) {
	for _, tc := range tracetest.ChannelPrograms {
		t.Run(tc.Name, func(t *testing.T) {
			tg := tracetest.Target(t, "testdata", "schedtest/"+tc.Name)
			reps := map[string]*sched.Report{}
			for mode, opts := range map[string]sched.Options{
				"full":  {NoReduction: true},
				"sleep": {SleepSetsOnly: true},
				"dpor":  {},
			} {
				opts.Strategy, opts.PreemptionBound, opts.SyncOnly = "dfs", sched.Unbounded, true
				rep, err := sched.Explore(tg, opts)
				require.NoError(t, err)
				require.Equal(t, tc.Bug, rep.Failure != nil, "%s: bug found", mode)
				reps[mode] = rep
			}
			if !tc.Bug {
				t.Logf("%s: %d schedules; sleep sets %d (%d cut short); DPOR %d (%d cut short)", tc.Name,
					reps["full"].Executions, reps["sleep"].Executions, reps["sleep"].Pruned, reps["dpor"].Executions, reps["dpor"].Pruned)
				require.LessOrEqual(t, reps["dpor"].Executions+reps["dpor"].Pruned, reps["sleep"].Executions+reps["sleep"].Pruned)
				// The sleep sets keep one complete execution of each class
				// that they explore, and they explore every class: DPOR,
				// with the same sleep sets, must complete as many.
				require.Equal(t, reps["sleep"].Executions, reps["dpor"].Executions)
			}
		})
	}
}
