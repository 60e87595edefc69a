package sched

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDPORChannels: on programs that hand values over channels and
// selects, DPOR finds the bug the full search finds, and on the clean ones
// completes as many schedules as the sleep sets alone and cuts fewer.
func TestDPORChannels(t *testing.T) {
	for _, tc := range []struct {
		name string
		bug  bool
	}{
		{"dpor/selectbug", true},
		{"dpor/selectready", false},
		{"chanpair", false},
		{"doubleclose", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := target(t, tc.name)
			reps := map[string]*Report{}
			for mode, opts := range map[string]Options{
				"full":  {NoReduction: true},
				"sleep": {SleepSetsOnly: true},
				"dpor":  {},
			} {
				opts.Strategy, opts.PreemptionBound, opts.SyncOnly = "dfs", Unbounded, true
				rep, err := Explore(tg, opts)
				require.NoError(t, err)
				require.Equal(t, tc.bug, rep.Failure != nil, "%s: bug found", mode)
				reps[mode] = rep
			}
			if !tc.bug {
				t.Logf("%s: %d schedules; sleep sets %d (%d cut short); DPOR %d (%d cut short)", tc.name,
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
