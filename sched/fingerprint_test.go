package sched

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/ssainterp"
	"github.com/stretchr/testify/require"
)

// TestStateCaching: the stateful dfs, without reduction and with sleep
// sets, explores fewer schedules than the stateless search, reports how
// often it met a state already seen, reaches the states the stateless
// search reaches (the full one without reduction; the one with sleep
// sets alone with them, which cuts executions where every goroutine that
// can move sleeps and so reaches fewer) and ends in the same final
// states, and still finds the bugs (lastwriter's needs the order of two
// locked writes that dfs tries second).
func TestStateCaching(t *testing.T) {
	if testing.Short() {
		t.Skip("explores dozens of programs exhaustively (the inner loop's -short leaves it to go test)")
	}
	for _, tc := range []struct {
		name     string
		syncOnly bool
		all      int
	}{
		{"twoatomics", true, 126},
		{"lockedcounter", false, 176},
		{"chanpair", false, 1364},
		{"dpor/lockpairs", true, 296},
		{"dpor/condsignal", true, 12},
		{"dpor/independent", true, 456},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := target(t, tc.name)
			opts := Options{SyncOnly: tc.syncOnly}
			full, want := exploreStates(t, tg, opts, Options{NoReduction: true})
			require.Equal(t, tc.all, full.Executions)
			plain, got := exploreStates(t, tg, opts, Options{NoReduction: true, StateCaching: true})
			t.Logf("%s: %d schedules, %d states, %d final; state caching: %d executions, %d cut at a state already seen", tc.name, tc.all, len(want.reached), len(want.final), plain.Executions, plain.StateHits)
			require.Equal(t, want.final, got.final, "final states, state caching")
			require.Equal(t, want.reached, got.reached, "states, state caching")
			require.Positive(t, plain.StateHits)
			require.Equal(t, plain.Pruned, plain.StateHits)
			require.Less(t, plain.Executions+plain.Pruned, tc.all)
			require.Contains(t, plain.Summary(), "executions cut at a state already seen")
			stateless, sleepStates := exploreStates(t, tg, opts, Options{SleepSetsOnly: true})
			sleep, got := exploreStates(t, tg, opts, Options{StateCaching: true})
			t.Logf("%s: sleep sets: %d executions, %d states; with state caching %d executions, %d cut short, %d of them at a state already seen", tc.name, stateless.Executions, len(sleepStates.reached), sleep.Executions, sleep.Pruned, sleep.StateHits)
			require.Equal(t, want.final, got.final, "final states, state caching with sleep sets")
			require.Equal(t, sleepStates.reached, got.reached, "states, state caching with sleep sets")
			require.LessOrEqual(t, sleep.Executions, min(plain.Executions, stateless.Executions))
		})
	}
	// statecache's locked sections reach states again with goroutines
	// awake that slept at the first visit, which the revisit explores.
	// Its full search is too large for a test: with state caching and
	// sleep sets the search must reach the states of the stateless one
	// with sleep sets, and end in the final states of both and of the
	// stateful search without reduction.
	tg := target(t, "statecache")
	for _, syncOnly := range []bool{true, false} {
		opts := Options{SyncOnly: syncOnly}
		stateless, want := exploreStates(t, tg, opts, Options{SleepSetsOnly: true})
		plain, all := exploreStates(t, tg, opts, Options{NoReduction: true, StateCaching: true})
		sleep, got := exploreStates(t, tg, opts, Options{StateCaching: true})
		partial := got.inner.(*dfs).cache.partial
		t.Logf("statecache (sync only %v): sleep sets %d executions, %d states; state caching %d executions, %d states; both %d executions, %d cut at a state seen, %d reached again with goroutines awake that slept", syncOnly, stateless.Executions, len(want.reached), plain.Executions, len(all.reached), sleep.Executions, sleep.StateHits, partial)
		require.Positive(t, partial)
		require.Equal(t, want.reached, got.reached)
		require.Equal(t, all.final, got.final)
		require.Equal(t, want.final, got.final)
	}
	first, err := Explore(target(t, "lastwriter"), Options{Strategy: "dfs", Executions: 1, SyncOnly: true, NoRaces: true})
	require.NoError(t, err)
	require.Nil(t, first.Failure, "lastwriter fails on dfs's first schedule")
	for _, name := range []string{"lastwriter", "lockorder", "doubleclose"} {
		for _, noReduction := range []bool{true, false} {
			rep, err := Explore(target(t, name), Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: true, NoRaces: true, StateCaching: true, NoReduction: noReduction})
			require.NoError(t, err)
			require.NotNil(t, rep.Failure, "%s: the stateful search missed the bug (without reduction: %v)", name, noReduction)
		}
	}
}

// exploreStates runs dfs, unbounded, with the reduction and state caching
// of dfsOpts, on tg with opts (on machines that take fingerprints whether
// dfs prunes by them or not), exhaustively and without a failure, and
// returns the report and the states it reached.
func exploreStates(t *testing.T, tg Target, opts, dfsOpts Options) (*Report, *finalStates) {
	t.Helper()
	opts.Strategy, opts.PreemptionBound, opts.NoRaces, opts.Workers, opts.StateCaching = "dfs", Unbounded, true, 1, true
	dfsOpts.PreemptionBound = Unbounded
	var f *finalStates
	opts.Custom = func() Strategy {
		s, err := NewStrategy("dfs", dfsOpts)
		require.NoError(t, err)
		f = &finalStates{inner: s, final: map[uint64]bool{}, reached: map[uint64]bool{}}
		return f
	}
	rep, err := Explore(tg, opts)
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	f.record()
	return rep, f
}

// finalStates wraps dfs and records the state hash at the end of every
// execution that ran to its end, and at every choice point (reached).
type finalStates struct {
	inner   Strategy
	ex      *Execution
	final   map[uint64]bool
	reached map[uint64]bool
}

// record files the state the execution just over ended in, unless it
// was cut short.
func (f *finalStates) record() {
	if f.ex != nil && !f.Pruned() {
		f.final[f.ex.stateHash()] = true
	}
	f.ex = nil
}

func (f *finalStates) NewExecution(i int, seed uint64) bool {
	f.record()
	return f.inner.NewExecution(i, seed)
}
func (f *finalStates) Begin(ex *Execution) { f.ex = ex; f.inner.(Observer).Begin(ex) }
func (f *finalStates) Performed(op Op)     { f.inner.(Observer).Performed(op) }
func (f *finalStates) NextGoroutine(enabled []int, cur int) int {
	f.reached[f.ex.stateHash()] = true
	return f.inner.NextGoroutine(enabled, cur)
}
func (f *finalStates) NextNumber(n int) int { return f.inner.NextNumber(n) }
func (f *finalStates) Pruned() bool         { return f.inner.(Pruner).Pruned() }
func (f *finalStates) StateHit() bool       { return f.inner.(*dfs).StateHit() }

// TestStateHashAcrossMachines: the same schedule run twice, on two
// machines, passes through the same state hashes (heap objects are named
// by the walk, not by address).
// A test function's state holds native memory (its *testing.T, which
// each machine makes, and a time.Time): the same, and the stateful dfs
// meets states of earlier executions again.
func TestStateHashAcrossMachines(t *testing.T) {
	test := lockedClockTest(t)
	// load_callerlog_fixed keeps runtime.Func values (of FuncForPC) in
	// memory, which were hashed by address.
	for _, tg := range []Target{target(t, "lockedcounter"), target(t, "fidelity/load_callerlog_fixed"), test} {
		hashes := func(choices []int) []uint64 {
			r := &hashRecorder{replay: replay{choices: choices}}
			_, _, err := runOne(tg, Options{MaxSteps: 20000, LoopSteps: 10_000_000, NoRaces: true, StateCaching: true}, 1, r, false, nil)
			require.NoError(t, err)
			return r.hashes
		}
		a, b := hashes(nil), hashes(nil)
		require.NotEmpty(t, a)
		require.Equal(t, a, b)
	}
	rep, err := Explore(test, Options{Strategy: "dfs", PreemptionBound: Unbounded, NoRaces: true, StateCaching: true, NoReduction: true, Workers: 1})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	require.Positive(t, rep.StateHits)
	t.Logf("TestLockedClock: %d executions, %d cut at a state already seen", rep.Executions, rep.StateHits)
}

// lockedClockTest is the test function TestLockedClock of
// testdata/testclock, whose state holds a *testing.T and a time.Time.
func lockedClockTest(t *testing.T) Target {
	t.Helper()
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata", Tests: true}, "./testclock")
	require.NoError(t, err)
	pid, ok := prog.TestPackage("schedtest/testclock")
	require.True(t, ok)
	return Target{Prog: prog, Test: true, Start: func(m *ssainterp.Machine) error { return m.StartTest(pid, "TestLockedClock") }}
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
	h.hashes = append(h.hashes, h.ex.stateHash())
	return h.replay.NextGoroutine(enabled, current)
}

// TestStateCachingSound: the stateful dfs finds the bugs of
// testdata/statesound, each of which needs a state that differs from one
// explored before only in something a fingerprint must see (where a
// pointer points, a slice's capacity, a deferred call, a timer's
// function), and that dfs tries second. Each was missed before the
// fingerprint named words and hashed capacities, defers and timers' functions.
func TestStateCachingSound(t *testing.T) {
	for _, name := range []string{"alias", "slicecap", "defers", "afterfunc"} {
		t.Run(name, func(t *testing.T) {
			tg := target(t, "statesound/"+name)
			first, err := Explore(tg, Options{Strategy: "dfs", Executions: 1, NoRaces: true})
			require.NoError(t, err)
			require.Nil(t, first.Failure, "%s fails on dfs's first schedule", name)
			for _, noReduction := range []bool{true, false} {
				rep, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, NoRaces: true, StateCaching: true, NoReduction: noReduction})
				require.NoError(t, err)
				require.NotNil(t, rep.Failure, "%s: the stateful search missed the bug (without reduction: %v)", name, noReduction)
				t.Logf("%s (without reduction: %v): found after %d executions, %d cut at a state already seen", name, noReduction, rep.Executions, rep.StateHits)
			}
		})
	}
}

// futures records, over an exhaustive search without reduction, the
// state hash at each node of the schedule tree and the outcomes (the
// final state and the output) reached below it: nodes with one hash must
// have the same outcomes below them, or the hash merges two states that
// behave differently (an unsound cut for a stateful search). It also
// checks that a node (a schedule prefix) always has the same hash.
type futures struct {
	inner    Strategy
	ex       *Execution
	path     []uint64          // nodes of the current execution
	node     uint64            // the current prefix
	hash     map[uint64]uint64 // node → state hash
	outcomes map[uint64]map[uint64]bool
	unstable int // nodes met with two hashes
	checked  int
	stale    error // the first disagreement of the incremental hash with one from scratch
}

func (f *futures) end() {
	if f.ex == nil {
		return
	}
	out, errOut := f.ex.m.Output()
	h := fnv.New64a()
	fmt.Fprintf(h, "%x|%s|%s", f.ex.stateHash(), out, errOut)
	o := h.Sum64()
	for _, n := range f.path {
		if f.outcomes[n] == nil {
			f.outcomes[n] = map[uint64]bool{}
		}
		f.outcomes[n][o] = true
	}
	f.ex, f.path, f.node = nil, f.path[:0], 0
}

func (f *futures) choose(c int) {
	f.node = (f.node+uint64(c)+1)*1099511628211 + 7
}

func (f *futures) NewExecution(i int, seed uint64) bool {
	f.end()
	return f.inner.NewExecution(i, seed)
}
func (f *futures) Begin(ex *Execution) { f.ex = ex; f.inner.(Observer).Begin(ex) }
func (f *futures) Performed(op Op)     { f.inner.(Observer).Performed(op) }
func (f *futures) NextGoroutine(enabled []int, cur int) int {
	h := f.ex.stateHash()
	// The incremental hash against one from scratch: at every prefix of
	// the first 2,000, then at one in 64 (a walk from scratch is slow).
	if f.checked++; (f.checked < 2000 || f.checked%64 == 0) && f.stale == nil {
		f.stale = f.ex.m.CheckStateHash()
	}
	if old, ok := f.hash[f.node]; ok && old != h {
		f.unstable++
	}
	f.hash[f.node] = h
	f.path = append(f.path, f.node)
	g := f.inner.NextGoroutine(enabled, cur)
	f.choose(g)
	return g
}
func (f *futures) NextNumber(n int) int {
	c := f.inner.NextNumber(n)
	f.choose(1000 + c)
	return c
}
func (f *futures) Pruned() bool { return f.inner.(Pruner).Pruned() }

// stateFutures runs the exhaustive search on tg and returns the number
// of states (hashes) and the hashes whose nodes have different outcomes
// below them; ok is false when the search did not end clean within cap
// executions.
func stateFutures(t *testing.T, tg Target, syncOnly bool, cap int) (states int, merged []uint64, f *futures, ok bool) {
	t.Helper()
	f = &futures{hash: map[uint64]uint64{}, outcomes: map[uint64]map[uint64]bool{}}
	opts := Options{Strategy: "dfs", PreemptionBound: Unbounded, NoRaces: true, Workers: 1, StateCaching: true, SyncOnly: syncOnly, Executions: cap, Time: 60 * time.Second}
	opts.Custom = func() Strategy {
		s, err := NewStrategy("dfs", Options{PreemptionBound: Unbounded, NoReduction: true})
		require.NoError(t, err)
		f.inner = s
		return f
	}
	rep, err := Explore(tg, opts)
	require.NoError(t, err)
	f.end()
	if rep.Failure != nil || !rep.Exhausted {
		t.Logf("not clean or not exhausted: %d executions, failure %v", rep.Executions, rep.Failure)
		return 0, nil, f, false
	}
	byHash := map[uint64]map[uint64]bool{}
	for n, h := range f.hash {
		o := f.outcomes[n]
		if prev, seen := byHash[h]; !seen {
			byHash[h] = o
		} else if !maps.Equal(prev, o) && !slices.Contains(merged, h) {
			merged = append(merged, h)
		}
	}
	return len(byHash), merged, f, true
}

// TestStateHashFutures: on programs small enough for an exhaustive
// search without reduction, every state hash stands for one state: all
// the schedule prefixes that reach it have the same outcomes (final
// state and output) below them, and a prefix always reaches the same
// hash. statesound/outputs prints what its aliasing and a capacity make
// of two writes: the hash before it named words merged 2 of its states
// whose outputs below differ. In time_unreadticker_fixed one state is
// reached with different runnable-since times, and so with a ticker
// that may fire early below one and not the other: without the
// scheduler's state in the hash, 1 state was merged.
func TestStateHashFutures(t *testing.T) {
	if testing.Short() {
		t.Skip("explores dozens of programs exhaustively (the inner loop's -short leaves it to go test)")
	}
	for _, tc := range []struct {
		name     string
		syncOnly bool
	}{
		{"testclock.TestLockedClock", false}, // a test function
		{"statesound/outputs", false},
		{"lockedcounter", false},
		{"chanpair", false},
		{"copyrace", false},
		{"dpor/atomics", false},
		{"dpor/condsignal", false},
		{"dpor/lockpairs", false},
		{"dpor/selectready", false},
		{"dpor/waitgroup", false},
		{"fidelity/callback_readfull_fixed", false},
		{"fidelity/time_unreadticker_fixed", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := lockedClockTest(t)
			if tc.name != "testclock.TestLockedClock" {
				tg = target(t, tc.name)
			}
			states, merged, f, ok := stateFutures(t, tg, tc.syncOnly, 20000)
			require.True(t, ok, "the search did not end clean within 20,000 executions and 60 s")
			t.Logf("%s: %d states at %d schedule prefixes", tc.name, states, len(f.hash))
			require.NoError(t, f.stale)
			require.Empty(t, merged, "hashes whose prefixes have different outcomes below them")
			require.Zero(t, f.unstable, "prefixes that reached two hashes")
			require.Less(t, states, len(f.hash), "no state is reached by two prefixes")
		})
	}
}

// TestStateHashIncremental: on every program of testdata, at every choice
// point of a bounded stateful dfs, the hash kept incrementally is the
// hash from scratch (Machine.CheckStateHash): no change of contents or
// shape went unseen.
func TestStateHashIncremental(t *testing.T) {
	if testing.Short() {
		t.Skip("explores dozens of programs exhaustively (the inner loop's -short leaves it to go test)")
	}
	names := testdataPrograms(t)
	checked := 0
	for _, name := range names {
		tg := target(t, name)
		c := &hashChecker{}
		opts := Options{Strategy: "dfs", PreemptionBound: Unbounded, Workers: 1, StateCaching: true, NoReduction: true, Executions: 4, Time: 300 * time.Millisecond, MaxSteps: 3000}
		opts.Custom = func() Strategy {
			s, err := NewStrategy("dfs", Options{PreemptionBound: Unbounded, StateCaching: true, NoReduction: true})
			require.NoError(t, err)
			c.inner = s
			return c
		}
		_, err := Explore(tg, opts)
		require.NoError(t, err, name)
		require.NoError(t, c.stale, name)
		checked += c.checked
	}
	t.Logf("%d programs, %d states checked", len(names), checked)
}

// hashChecker wraps a dfs and checks the state hash at every choice.
type hashChecker struct {
	inner   Strategy
	ex      *Execution
	checked int
	stale   error
}

func (c *hashChecker) NewExecution(i int, seed uint64) bool { return c.inner.NewExecution(i, seed) }
func (c *hashChecker) Begin(ex *Execution)                  { c.ex = ex; c.inner.(Observer).Begin(ex) }
func (c *hashChecker) Performed(op Op)                      { c.inner.(Observer).Performed(op) }
func (c *hashChecker) NextNumber(n int) int                 { return c.inner.NextNumber(n) }
func (c *hashChecker) Pruned() bool                         { return c.inner.(Pruner).Pruned() }
func (c *hashChecker) NextGoroutine(enabled []int, cur int) int {
	c.ex.stateHash()
	if c.stale == nil {
		c.checked++
		c.stale = c.ex.m.CheckStateHash()
	}
	return c.inner.NextGoroutine(enabled, cur)
}

// BenchmarkStateHash times, at every choice point of a dfs over bigheap
// (a 2,000-entry index beside three goroutines that update one entry
// under a lock) and lockedcounter, the fingerprint kept incrementally
// (StateHash) against one from scratch (the walk CheckStateHash makes),
// side by side in one run:
//
//	go test ./sched -run '^$' -bench StateHash
func BenchmarkStateHash(b *testing.B) {
	for _, prog := range []string{"bigheap", "lockedcounter"} {
		b.Run(prog, func(b *testing.B) {
			tg, err := loadTarget(prog)
			if err != nil {
				b.Fatal(err)
			}
			t := &hashTimer{}
			for b.Loop() {
				opts := Options{Strategy: "dfs", PreemptionBound: Unbounded, NoRaces: true, Workers: 1, StateCaching: true, NoReduction: true, Executions: 20}
				opts.Custom = func() Strategy {
					s, err := NewStrategy("dfs", Options{PreemptionBound: Unbounded, StateCaching: true, NoReduction: true})
					if err != nil {
						b.Fatal(err)
					}
					t.inner = s
					return t
				}
				if _, err := Explore(tg, opts); err != nil || t.stale != nil {
					b.Fatal(err, t.stale)
				}
			}
			b.ReportMetric(float64(t.incremental.Nanoseconds())/float64(t.calls), "ns/incremental")
			b.ReportMetric(float64(t.scratch.Nanoseconds())/float64(t.calls), "ns/scratch")
			b.ReportMetric(float64(t.calls)/float64(t.executions), "hashes/execution")
		})
	}
}

// hashTimer wraps a dfs and times the two hashes at every choice.
type hashTimer struct {
	hashChecker
	calls, executions    int
	incremental, scratch time.Duration
}

func (c *hashTimer) Begin(ex *Execution) { c.executions++; c.hashChecker.Begin(ex) }
func (c *hashTimer) NextGoroutine(enabled []int, cur int) int {
	start := time.Now()
	c.ex.stateHash()
	mid := time.Now()
	if err := c.ex.m.CheckStateHash(); err != nil && c.stale == nil {
		c.stale = err
	}
	c.incremental += mid.Sub(start)
	c.scratch += time.Since(mid)
	c.calls++
	return c.inner.NextGoroutine(enabled, cur)
}

// TestStateCachingCutStep: an execution cut at a state already seen still
// runs the step chosen there, and a choice that step makes (a select with
// two ready cases) is not pushed onto dfs's path: backtracked to, it came
// where the replay asks for a goroutine, and dfs panicked (index out of
// range) or diverged (lestrrat-go/backoff v2.0.8's test with
// -mcheck.strategy=dfs -mcheck.statecache).
func TestStateCachingCutStep(t *testing.T) {
	tg := target(t, "statecache/cutselect")
	for _, noReduction := range []bool{false, true} {
		rep, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, StateCaching: true, NoReduction: noReduction, Workers: 1})
		require.NoError(t, err)
		require.Nil(t, rep.Failure)
		require.True(t, rep.Exhausted)
		require.Positive(t, rep.StateHits)
		t.Logf("without reduction %v: %d executions, %d cut at a state seen", noReduction, rep.Executions, rep.StateHits)
	}
}
