package sched_test

import (
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/sched/tracetest"
)

func TestParseShard(t *testing.T) {
	for in, want := range map[string]sched.Shard{"0/4": {0, 4}, "3/4": {3, 4}, " 0/1 ": {0, 1}} {
		got, err := sched.ParseShard(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, in := range []string{"4/4", "-1/4", "1/0", "1", "a/b", "1/4/2", ""} {
		_, err := sched.ParseShard(in)
		require.Error(t, err, in)
	}
	require.Equal(t, "3/4", sched.Shard{Index: 3, Total: 4}.String())
	require.Equal(t, "", sched.Shard{}.String())
	require.True(t, sched.Shard{Total: 1}.Whole())
}

// TestShardExecutions: n shards of N executions each (N even) run the
// executions 0 to n*N-1 of the unsharded exploration, each once, with
// its parity (random+pct alternates on every shard as on the whole).
func TestShardExecutions(t *testing.T) {
	const n, per = 4, 10
	seen := map[int]bool{}
	for k := range n {
		s := sched.Shard{Index: k, Total: n}
		for i := range per {
			g := s.Execution(i)
			require.False(t, seen[g], "execution %d twice", g)
			require.Equal(t, i%2, g%2, "shard %d execution %d is %d", k, i, g)
			seen[g] = true
		}
	}
	require.Equal(t, slices.Collect(func(yield func(int) bool) {
		for g := range n * per {
			if !yield(g) {
				return
			}
		}
	}), slices.Sorted(maps.Keys(seen)))
}

// seeds records the seed of every execution a strategy starts.
type seeds struct {
	sched.Strategy
	mu   *sync.Mutex
	seen map[uint64]bool
}

func (s *seeds) NewExecution(i int, seed uint64) bool {
	s.mu.Lock()
	s.seen[seed] = true
	s.mu.Unlock()
	return s.Strategy.NewExecution(i, seed)
}

// TestShardSeeds: the seeds of 4 shards of 20 executions of random+pct
// are those of one exploration of 80 (and Options.Executed counts the
// executions).
func TestShardSeeds(t *testing.T) {
	tg := tracetest.Target(t, "testdata", "schedtest/dining5")
	run := func(shard sched.Shard, execs int) map[uint64]bool {
		s := &seeds{mu: &sync.Mutex{}, seen: map[uint64]bool{}}
		var executed atomic.Int64
		opts := sched.Options{Seed: 9, Executions: execs, Shard: shard, Workers: 2, Executed: &executed}
		opts.Custom = func() sched.Strategy {
			inner, err := sched.NewStrategy(sched.RandomPCT, opts)
			require.NoError(t, err)
			return &seeds{Strategy: inner, mu: s.mu, seen: s.seen}
		}
		rep, err := sched.Explore(tg, opts)
		require.NoError(t, err)
		require.Nil(t, rep.Failure)
		require.Equal(t, execs, rep.Executions)
		require.Equal(t, int64(execs), executed.Load(), "Options.Executed")
		return s.seen
	}
	whole := run(sched.Shard{}, 80)
	union := map[uint64]bool{}
	for k := range 4 {
		part := run(sched.Shard{Index: k, Total: 4}, 20)
		require.Len(t, part, 20)
		for s := range part {
			require.False(t, union[s], "two shards ran seed %d", s)
			union[s] = true
		}
	}
	require.Equal(t, whole, union)
}

// TestShardDFS: the 4 shards of dfs (bound 2) together explore every
// Mazurkiewicz trace that the whole search does, each shard to its end
// and, on dining5, each less than the whole; on tiny programs, whose
// schedules end above the split depth, every shard explores them all. On programs with channels, a bug
// the whole search finds is found by some shard, and a clean one is
// clean on every shard.
func TestShardDFS(t *testing.T) {
	for _, name := range []string{"dining5", "dpor/lockpairs", "twoatomics"} {
		t.Run(name, func(t *testing.T) {
			opts := sched.Options{PreemptionBound: 2, SyncOnly: true}
			all, whole := exploreClasses(t, name, opts)
			union := map[string]bool{}
			var execs []int
			for k := range 4 {
				shard := sched.Shard{Index: k, Total: 4}
				o := opts
				o.Shard = shard
				rep, part := exploreClasses(t, name, o)
				require.Equal(t, "dfs, shard "+shard.String(), rep.By())
				if name == "dining5" {
					require.Less(t, rep.Executions, all.Executions, "shard %d explores less than the whole", k)
				}
				execs = append(execs, rep.Executions)
				for c := range part {
					union[c] = true
				}
			}
			t.Logf("%s: whole %d executions (%d traces); shards %v", name, all.Executions, len(whole), execs)
			for c := range whole {
				require.True(t, union[c], "no shard explored trace %s", c)
			}
		})
	}
	for _, tc := range tracetest.ChannelPrograms {
		t.Run(tc.Name, func(t *testing.T) {
			tg := tracetest.Target(t, "testdata", "schedtest/"+tc.Name)
			found := false
			for k := range 4 {
				rep, err := sched.Explore(tg, sched.Options{Strategy: "dfs", PreemptionBound: sched.Unbounded, SyncOnly: true, Shard: sched.Shard{Index: k, Total: 4}})
				require.NoError(t, err)
				require.True(t, rep.Failure != nil || rep.Exhausted)
				found = found || rep.Failure != nil
			}
			require.Equal(t, tc.Bug, found)
		})
	}
}

// TestShardReplays: a failure found on shard 3 of 4 replays unsharded
// and on shard 0, with the same trace.
func TestShardReplays(t *testing.T) {
	tg := tracetest.Target(t, "testdata", "schedtest/lockorder")
	for _, strategy := range []string{sched.RandomPCT, "dfs"} {
		rep, err := sched.Explore(tg, sched.Options{Strategy: strategy, Seed: 3, Shard: sched.Shard{Index: 3, Total: 4}})
		require.NoError(t, err)
		f := rep.Failure
		require.NotNil(t, f, strategy)
		for _, shard := range []sched.Shard{{}, {Index: 0, Total: 4}} {
			again, err := sched.Explore(tg, sched.Options{Replay: f.Schedule.Token(), Shard: shard})
			require.NoError(t, err)
			require.NotNil(t, again.Failure, "%s: the token of shard 3/4 on shard %q", strategy, shard)
			require.Equal(t, f.Kind, again.Failure.Kind)
			require.Equal(t, f.Trace, again.Failure.Trace)
		}
	}
}
