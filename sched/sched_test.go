package sched

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/ssainterp"
	"github.com/stretchr/testify/require"
)

func target(t *testing.T, name string) Target {
	t.Helper()
	tg, err := loadTarget(name)
	require.NoError(t, err)
	return tg
}

// loadTarget returns the main package testdata/name, from one program
// holding every package of testdata, loaded once (loading is most of
// the cost of a small test; ssainterp caches the load).
func loadTarget(name string) (Target, error) {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata"}, "./...")
	if err != nil {
		return Target{}, err
	}
	pkg := "schedtest/" + name
	return Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}, nil
}

// bruteCount counts the leaves of the full choice tree of t by
// enumerating every prefix afresh: an independent implementation of
// exhaustive search, to check dfs's count against.
func bruteCount(t *testing.T, tg Target, opts Options) int {
	t.Helper()
	opts.defaults()
	var count func(prefix []int) int
	count = func(prefix []int) int {
		// Run the prefix, then find the branching of the next choice.
		probe := &branchProbe{plan: prefix}
		_, _, err := runOne(tg, opts, 1, probe, false, nil)
		require.NoError(t, err)
		if probe.branches == 0 {
			return 1
		}
		total := 0
		for i := range probe.branches {
			total += count(append(append([]int(nil), prefix...), i))
		}
		return total
	}
	return count(nil)
}

// branchProbe follows plan (alternative indexes in dfs order: the
// current goroutine first) and records how many alternatives the first
// choice point past it has.
type branchProbe struct {
	plan     []int
	n        int
	branches int
}

func (b *branchProbe) NewExecution(int, uint64) bool { return true }

func (b *branchProbe) pick(alts []int) int {
	if b.n < len(b.plan) {
		i := b.plan[b.n]
		b.n++
		return alts[i]
	}
	if b.branches == 0 {
		b.branches = len(alts)
	}
	b.n++
	return alts[0]
}

func (b *branchProbe) NextGoroutine(enabled []int, current int) int {
	return b.pick(dfsOrder(enabled, current))
}

func (b *branchProbe) NextNumber(n int) int {
	alts := make([]int, n)
	for i := range alts {
		alts[i] = i
	}
	return b.pick(alts)
}

// TestDFSCounts checks the exact number of schedules unbounded dfs
// explores on tiny programs, against a brute-force enumeration and
// against the counts recorded here.
func TestDFSCounts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		syncOnly bool
		want     int
	}{
		{"single", true, 1},
		{"chanpair", true, 73},
		{"twoatomics", true, 126},
		{"lockorder_fixed", true, 10},
		// Loads and stores of shared variables are choice points too.
		{"single", false, 1},
		{"chanpair", false, 1364},
		{"lockedcounter", false, 176},
	} {
		t.Run(fmt.Sprintf("%s/synconly=%v", tc.name, tc.syncOnly), func(t *testing.T) {
			tg := target(t, tc.name)
			opts := Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: tc.syncOnly, NoReduction: true}
			rep, err := Explore(tg, opts)
			require.NoError(t, err)
			require.Nil(t, rep.Failure, "unexpected failure")
			require.True(t, rep.Exhausted)
			require.Equal(t, bruteCount(t, tg, opts), rep.Executions, "dfs against brute force")
			require.Equal(t, tc.want, rep.Executions, "dfs schedules")
		})
	}
}

// TestSleepSets: partial-order reduction explores fewer schedules and
// still finds every bug and no false one. The counts without reduction,
// with sleep sets alone and with DPOR (the default) are recorded here,
// each as complete schedules and schedules cut short by the sleep sets.
func TestSleepSets(t *testing.T) {
	for _, tc := range []struct {
		name        string
		syncOnly    bool
		without     int
		sleep, dpor [2]int
	}{
		{"twoatomics", true, 126, [2]int{12, 2}, [2]int{12, 0}},
		{"chanpair", false, 1364, [2]int{12, 13}, [2]int{8, 2}},
		{"lockedcounter", false, 176, [2]int{4, 5}, [2]int{4, 1}},
		{"lockorder_fixed", true, 10, [2]int{2, 4}, [2]int{2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := target(t, tc.name)
			full, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: tc.syncOnly, NoReduction: true})
			require.NoError(t, err)
			sleep, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: tc.syncOnly, SleepSetsOnly: true})
			require.NoError(t, err)
			red, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: tc.syncOnly})
			require.NoError(t, err)
			require.True(t, full.Exhausted && sleep.Exhausted && red.Exhausted)
			require.Nil(t, red.Failure)
			require.Nil(t, sleep.Failure)
			require.Equal(t, tc.without, full.Executions)
			t.Logf("%s: %d schedules without reduction, %d with sleep sets (%d cut short), %d with DPOR (%d cut short)",
				tc.name, full.Executions, sleep.Executions, sleep.Pruned, red.Executions, red.Pruned)
			require.Equal(t, tc.sleep, [2]int{sleep.Executions, sleep.Pruned})
			require.Equal(t, tc.dpor, [2]int{red.Executions, red.Pruned})
			// The same search through the exported surface (Observer,
			// Pruner, Options.Custom) explores the same schedules.
			custom, err := Explore(tg, Options{Workers: 1, SyncOnly: tc.syncOnly, Custom: func() Strategy {
				s, err := NewStrategy("dfs", Options{PreemptionBound: Unbounded})
				require.NoError(t, err)
				return s
			}})
			require.NoError(t, err)
			require.True(t, custom.Exhausted)
			require.Equal(t, "custom", custom.Strategy)
			require.Equal(t, [2]int{red.Executions, red.Pruned}, [2]int{custom.Executions, custom.Pruned})
		})
	}
	for _, name := range []string{"lockorder", "doubleclose", "racycounter", "mapwrites"} {
		for _, sleepOnly := range []bool{false, true} {
			rep, err := Explore(target(t, name), Options{Strategy: "dfs", PreemptionBound: Unbounded, SleepSetsOnly: sleepOnly})
			require.NoError(t, err)
			require.NotNil(t, rep.Failure, "%s: reduced dfs missed the bug (sleep sets only: %v)", name, sleepOnly)
		}
	}
}

// TestPreemptionBound: a bound prunes schedules; bound 0 leaves exactly
// the schedules without preemptions.
func TestPreemptionBound(t *testing.T) {
	tg := target(t, "twoatomics")
	counts := map[int]int{}
	for _, bound := range []int{NoPreemptions, 1, 2, Unbounded} {
		rep, err := Explore(tg, Options{Strategy: "dfs", PreemptionBound: bound, SyncOnly: true, NoReduction: true})
		require.NoError(t, err)
		require.True(t, rep.Exhausted)
		counts[bound] = rep.Executions
	}
	require.Less(t, counts[NoPreemptions], counts[1])
	require.Less(t, counts[1], counts[2])
	require.LessOrEqual(t, counts[2], counts[Unbounded])
	require.Equal(t, 126, counts[Unbounded])
}

func TestFindsLockOrderDeadlock(t *testing.T) {
	tg := target(t, "lockorder")
	for _, strategy := range []string{"random", "pct", "dfs"} {
		t.Run(strategy, func(t *testing.T) {
			rep, err := Explore(tg, Options{Strategy: strategy, Seed: 7})
			require.NoError(t, err)
			f := rep.Failure
			require.NotNil(t, f, "deadlock not found in %d executions", rep.Executions)
			require.Equal(t, GlobalDeadlock, f.Kind)
			require.Len(t, f.Goroutines, 2)
			require.Equal(t, "sync.Mutex.Lock", f.Goroutines[0].Op)
			report := f.Format("mcheck explore -replay=TOKEN ./lockorder")
			require.Contains(t, report, "mcheck: global deadlock: all goroutines are asleep - deadlock!")
			require.Contains(t, report, "goroutine 2 [sync.Mutex.Lock]: main.go:")
			require.Contains(t, report, "← created at main.go:11")
			require.Contains(t, report, "replay: mcheck explore -replay=v1.")
			assertReplays(t, tg, f)
		})
	}
}

// assertReplays replays f's schedule and requires the same failure and
// the same trace.
func assertReplays(t *testing.T, tg Target, f *Failure) {
	t.Helper()
	rep, err := Explore(tg, Options{Replay: f.Schedule.Token()})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure, "replay did not fail")
	require.Equal(t, f.Kind, rep.Failure.Kind)
	require.Equal(t, f.Message, rep.Failure.Message)
	require.Equal(t, f.Trace, rep.Failure.Trace)
}

// TestSpinIsFair: a Gosched spin loop does not make dfs report a livelock.
func TestSpinIsFair(t *testing.T) {
	rep, err := Explore(target(t, "spin"), Options{Strategy: "dfs", PreemptionBound: Unbounded})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
}

func TestFixedTwinIsClean(t *testing.T) {
	rep, err := Explore(target(t, "lockorder_fixed"), Options{Strategy: "dfs", PreemptionBound: -1})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
}

func TestFindsDoubleClose(t *testing.T) {
	tg := target(t, "doubleclose")
	rep, err := Explore(tg, Options{Seed: 3})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, Panic, rep.Failure.Kind)
	require.Equal(t, "close of closed channel", rep.Failure.Message)
	assertReplays(t, tg, rep.Failure)
}

// TestWorkersDoNotChangeResult: the failure found, its execution number
// and its schedule are the same whatever the number of workers.
func TestWorkersDoNotChangeResult(t *testing.T) {
	tg := target(t, "doubleclose")
	var tokens []string
	var execs []int
	for _, w := range []int{1, 2, 3} {
		rep, err := Explore(tg, Options{Seed: 11, Workers: w})
		require.NoError(t, err)
		require.NotNil(t, rep.Failure)
		tokens = append(tokens, rep.Failure.Schedule.Token())
		execs = append(execs, rep.Failure.Execution)
	}
	require.Equal(t, tokens[0], tokens[1])
	require.Equal(t, tokens[0], tokens[2])
	require.Equal(t, execs[0], execs[1])
	require.Equal(t, execs[0], execs[2])
}

// TestBudgetEndsBetweenExecutions: once the time budget is over, no
// further execution starts, even within a batch (the first always runs),
// so a search of slow executions ends at most one execution late.
func TestBudgetEndsBetweenExecutions(t *testing.T) {
	for _, w := range []int{1, 2} {
		rep, err := Explore(target(t, "lockedcounter"), Options{Seed: 1, Workers: w, Time: time.Nanosecond})
		require.NoError(t, err)
		require.Nil(t, rep.Failure)
		require.Equal(t, 1, rep.Executions+rep.Pruned+rep.Inconclusive, "workers %d", w)
	}
}

func TestTokenRoundTrip(t *testing.T) {
	s := Schedule{Seed: 1<<63 + 5, Choices: []int{0, 1, 2, 300, 70000}}
	got, err := ParseToken(s.Token())
	require.NoError(t, err)
	require.Equal(t, s, got)
	fair := Schedule{Seed: 7, Choices: []int{1, 2}, FairSteps: 12_345_678}
	got, err = ParseToken(fair.Token())
	require.NoError(t, err)
	require.Equal(t, fair, got)
	// Runs of one choice are shortened.
	long := Schedule{Seed: 3, Choices: []int{1, 1, 1, 1, 1, 1, 2}}
	for range 1000 {
		long.Choices = append(long.Choices, 7)
	}
	long.Choices = append(long.Choices, 1, 0, 0, 0, 0, 0, 0, 0)
	got, err = ParseToken(long.Token())
	require.NoError(t, err)
	require.Equal(t, long, got)
	require.Less(t, len(long.Token()), 40)
	// A long schedule with no runs but a pattern is compressed.
	var varied Schedule
	for i := range 5000 {
		varied.Choices = append(varied.Choices, 1, 1, 2+i%300, 2+i%300)
	}
	require.True(t, strings.HasPrefix(varied.Token(), "v1.~"))
	require.Less(t, len(varied.Token()), 3000)
	got, err = ParseToken(varied.Token())
	require.NoError(t, err)
	require.Equal(t, varied, got)
	_, err = ParseToken("v1.~AAAA")
	require.ErrorContains(t, err, "is not a schedule token: it does not decompress")
	_, err = ParseToken("v2.abc")
	require.ErrorContains(t, err, `"v2.abc" is not a schedule token: it does not start with v1.`)
	require.True(t, strings.HasPrefix(s.Token(), "v1."))
}

// TestFindsDataRace: an unsynchronised counter is a data race reported
// with both accesses; the locked twin has no race on any schedule.
func TestFindsDataRace(t *testing.T) {
	tg := target(t, "racycounter")
	rep, err := Explore(tg, Options{Seed: 1})
	require.NoError(t, err)
	f := rep.Failure
	require.NotNil(t, f)
	require.Equal(t, DataRace, f.Kind)
	require.Contains(t, f.Message, "at main.go:14 by goroutine")
	require.Equal(t, "main.go:14", f.Race.Previous.Pos)
	report := f.Format("TOKEN")
	require.Contains(t, report, "Previous write at main.go:14 by goroutine")
	require.Contains(t, report, "created at main.go:12")
	assertReplays(t, tg, f)

	// Recording races instead of failing: the execution goes on, and the
	// race is listed once however often it happens.
	rep, err = Explore(tg, Options{Seed: 1, Executions: 20, RecordRaces: true, NoReduction: true})
	require.NoError(t, err)
	require.Len(t, rep.Races, 1)
	require.Equal(t, "main.go:14", rep.Races[0].Current.Pos)

	// Without race detection the lost update itself is found.
	rep, err = Explore(tg, Options{Seed: 1, NoRaces: true})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, Panic, rep.Failure.Kind)
	require.Equal(t, "lost update", rep.Failure.Message)

	rep, err = Explore(target(t, "lockedcounter"), Options{Strategy: "dfs", PreemptionBound: Unbounded})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
}

// TestFindsConcurrentMapWrites: 20 of 20 seeds report the map written by
// two goroutines as Go does, with both writes' file:line.
func TestFindsConcurrentMapWrites(t *testing.T) {
	tg := target(t, "mapwrites")
	for seed := uint64(1); seed <= 20; seed++ {
		rep, err := Explore(tg, Options{Seed: seed})
		require.NoError(t, err)
		f := rep.Failure
		require.NotNil(t, f, "seed %d", seed)
		require.Equal(t, DataRace, f.Kind)
		require.Equal(t, "concurrent map writes", f.Message)
		require.ElementsMatch(t, []string{"main.go:10", "main.go:11"}, []string{f.Race.Current.Pos, f.Race.Previous.Pos})
	}
}

// TestFindsRaceThroughCopy: the copy builtin reads and writes memory.
func TestFindsRaceThroughCopy(t *testing.T) {
	rep, err := Explore(target(t, "copyrace"), Options{Seed: 1})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, DataRace, rep.Failure.Kind)
	require.ElementsMatch(t, []string{"main.go:12", "main.go:13"}, []string{rep.Failure.Race.Current.Pos, rep.Failure.Race.Previous.Pos})
}

// TestSpinForeverIsLivelock: a body that spins forever ends with a
// livelock report, not a hang, and distinct states are counted.
func TestSpinForeverIsLivelock(t *testing.T) {
	rep, err := Explore(target(t, "spinforever"), Options{Seed: 1, Executions: 3, MaxSteps: 500})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, Livelock, rep.Failure.Kind)
	report := rep.Failure.Format("TOKEN")
	require.Contains(t, report, "no progress under a fair scheduler: the same 1 operations repeat")
	require.Contains(t, report, "goroutine 1: type.go:")
	require.Contains(t, report, "steps ...", "the long trace is cut")
	require.Less(t, strings.Count(report, "\n"), 100)

	// A program that never ends but always makes progress is no livelock:
	// its executions are inconclusive.
	rep, err = Explore(target(t, "pingforever"), Options{Seed: 1, Executions: 4, MaxSteps: 200})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.Equal(t, 4, rep.Inconclusive)
	require.Equal(t, 0, rep.Executions)
	rep, err = Explore(target(t, "lockedcounter"), Options{Seed: 1, Executions: 50, CountStates: true})
	require.NoError(t, err)
	require.Greater(t, rep.States, 10)
}

// TestFindsRaceInStdState: two goroutines writing one bytes.Buffer race
// inside its methods (bytes runs from SSA), and two writing one
// strings.Builder, or drawing from one math/rand Rand, race at their
// calls (they run natively: receiverAccesses); under a mutex, they do
// not, nor do two reads of the Builder.
func TestFindsRaceInStdState(t *testing.T) {
	for _, tc := range []struct{ name, file string }{
		{"bufferrace", "buffer.go:"},
		{"randrace", "main.go:18"},
		{"builderrace", "main.go:19"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Explore(target(t, tc.name), Options{Seed: 1, Executions: 200})
			require.NoError(t, err)
			require.NotNil(t, rep.Failure)
			require.Equal(t, DataRace, rep.Failure.Kind)
			require.Contains(t, rep.Failure.Race.Current.Pos, tc.file)
			rep, err = Explore(target(t, tc.name+"_fixed"), Options{Strategy: "dfs", Executions: 5000})
			require.NoError(t, err)
			require.Nil(t, rep.Failure)
			require.True(t, rep.Exhausted, "the fixed twin's schedules were not all explored")
		})
	}
}

// TestSelectHandsOffOnlyWhenParked: a goroutine stopped before a select
// is a partner of another's channel operation only where Go could have
// parked one of them first: never between two selects that each have a
// closed channel's case (every schedule under dfs), but a select may send
// to a receive that parked before it.
func TestSelectHandsOffOnlyWhenParked(t *testing.T) {
	rep, err := Explore(target(t, "selectpark/nohandoff"), Options{Strategy: "dfs", NoReduction: true, PreemptionBound: Unbounded, Executions: 5000})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	rep, err = Explore(target(t, "selectpark/handoff"), Options{Strategy: "dfs", NoReduction: true, PreemptionBound: Unbounded, Executions: 5000})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, Panic, rep.Failure.Kind)
	require.Contains(t, rep.Failure.Message, "sent to the parked receiver")
}

// TestFindsRaceInNativeCall: a native call reads the slices it is given
// and writes the elements it changed (nativewrite); a reader's Read
// (strings.Reader's, run natively) writes the bytes it fills, and only
// those: a read of one of them on another goroutine races with it
// (nativeread), a read of a byte past them does not (nativeread_fixed).
func TestFindsRaceInNativeCall(t *testing.T) {
	for _, name := range []string{"nativewrite", "nativeread"} {
		rep, err := Explore(target(t, name), Options{Seed: 1})
		require.NoError(t, err)
		require.NotNil(t, rep.Failure, name)
		require.Equal(t, DataRace, rep.Failure.Kind, name)
		require.ElementsMatch(t, []string{"main.go:16", "main.go:17"}, []string{rep.Failure.Race.Current.Pos, rep.Failure.Race.Previous.Pos}, name)
	}
	rep, err := Explore(target(t, "nativeread_fixed"), Options{Strategy: "dfs", PreemptionBound: Unbounded})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
}

// TestFindsRaceThroughReflection: encoding/json reads the struct's fields
// through the reflect model, which checks those reads for races.
func TestFindsRaceThroughReflection(t *testing.T) {
	rep, err := Explore(target(t, "reflectrace"), Options{Seed: 1})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, DataRace, rep.Failure.Kind)
	pos := []string{rep.Failure.Race.Current.Pos, rep.Failure.Race.Previous.Pos}
	require.Contains(t, pos, "main.go:20", "the plain write")
	require.Contains(t, strings.Join(pos, " "), "encode.go:", "the read by encoding/json")
}

// TestReplayErrors: text that is not a token is refused as such; a
// token that does not fit the program is an error of Explore, not a bug
// of the program; a program that does not replay the same way twice is
// a nondeterminism failure.
func TestReplayErrors(t *testing.T) {
	tg := target(t, "doubleclose")
	for _, garbage := range []string{"hello", "v1.", "v1.!!", "v2.AQ", "v1.gICAgICAgICAgAE"} {
		_, err := Explore(tg, Options{Replay: garbage})
		require.ErrorContains(t, err, "is not a schedule token", garbage)
		require.NotErrorIs(t, err, ErrTokenMismatch)
	}

	found, err := Explore(tg, Options{Seed: 3})
	require.NoError(t, err)
	require.NotNil(t, found.Failure)
	own := found.Failure.Schedule
	lock, err := Explore(target(t, "lockorder"), Options{Seed: 7})
	require.NoError(t, err)
	require.NotNil(t, lock.Failure)
	for name, s := range map[string]Schedule{
		"another test's token":          lock.Failure.Schedule,
		"a goroutine that never exists": {Seed: 1, Choices: []int{9, 9, 9}},
		"choices left over":             {Seed: own.Seed, Choices: append(slices.Clone(own.Choices), 1, 1, 1)},
		"choices missing":               {Seed: own.Seed},
	} {
		_, err := Explore(tg, Options{Replay: s.Token()})
		require.ErrorIs(t, err, ErrTokenMismatch, name)
		require.ErrorContains(t, err, "the replay token does not fit this test (made for another test or another version of the code?)", name)
	}
	_, err = Explore(target(t, "single"), Options{Replay: own.Token()})
	require.ErrorContains(t, err, "the execution ends after 0 of the schedule's")

	// A program that is not the same from one run to the next (here the
	// target starts another program on its first run) is nondeterminism.
	runs := 0
	prog := tg.Prog
	flaky := Target{Prog: prog, Start: func(m *ssainterp.Machine) error {
		runs++
		if runs == 1 {
			return m.Start("schedtest/single")
		}
		return m.Start("schedtest/doubleclose")
	}}
	rep, err := Explore(flaky, Options{Replay: own.Token()})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, Nondeterminism, rep.Failure.Kind)
	require.Contains(t, rep.Failure.Message, "does not replay the same way twice")
	require.Contains(t, rep.Failure.Message, "on the second it fits")
}

// TestTimerIsAChoice: firing a pending timer is an alternative at every
// choice point; dfs counts it like a preemption, and brute force agrees
// on the count. Under the old semantics (TimeBarrier) the timer fires
// only when nothing else can run.
func TestTimerIsAChoice(t *testing.T) {
	tg := target(t, "timerrace")
	opts := Options{Strategy: "dfs", PreemptionBound: Unbounded, SyncOnly: true, NoReduction: true}
	rep, err := Explore(tg, opts)
	require.NoError(t, err)
	require.True(t, rep.Exhausted)
	require.Equal(t, bruteCount(t, tg, opts), rep.Executions)
	// 9: a timer that fires while main is parked in its select completes
	// it (TestTimerCompletesParkedSelect), so a send made after that
	// cannot be taken instead (10 before).
	require.Equal(t, 9, rep.Executions)

	opts.TimeBarrier = true
	barrier, err := Explore(tg, opts)
	require.NoError(t, err)
	require.Less(t, barrier.Executions, rep.Executions)

	// A bound of no preemptions allows no early firing either.
	opts.PreemptionBound = NoPreemptions
	barrierNone, err := Explore(tg, opts)
	require.NoError(t, err)
	opts.TimeBarrier = false
	none, err := Explore(tg, opts)
	require.NoError(t, err)
	require.Equal(t, barrierNone.Executions, none.Executions)
	opts.PreemptionBound = 1
	one, err := Explore(tg, opts)
	require.NoError(t, err)
	require.Greater(t, one.Executions, none.Executions)
}

// TestTimingDependentReport: a leak that needs the deadline to fire before
// the worker sends is reported as timing-dependent, and the old semantics
// cannot find it.
func TestTimingDependentReport(t *testing.T) {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata"}, "./...")
	require.NoError(t, err)
	tg := Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start("schedtest/fidelity/time_ctxleak") }}
	rep, err := Explore(tg, Options{Seed: 1, Leaks: true})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	report := rep.Failure.Format("TOKEN")
	require.Contains(t, report, "timing-dependent: the 2ms timer (time.AfterFunc at context.go:")
	require.Contains(t, report, "fired before goroutine")
	require.Regexp(t, `g\d +clock\n`, report)
	require.Regexp(t, `context.go:\d+ timer fires\n`, report)

	rep, err = Explore(tg, Options{Seed: 1, Leaks: true, TimeBarrier: true, Executions: 500})
	require.NoError(t, err)
	require.Nil(t, rep.Failure, "the old semantics cannot fire the deadline early")
}

// TestDeadlinesSaturate: a timer of math.MaxInt64 stays pending instead
// of overflowing into the past. (The stall executions may fire it
// early, by a stall of 292 years: bounded to an hour here.)
func TestDeadlinesSaturate(t *testing.T) {
	rep, err := Explore(target(t, "maxtimer"), Options{Seed: 1, Executions: 50, StallHorizon: time.Hour})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
}

// TestHugeTraceReportIsBounded: a failure after thousands of steps of
// hundreds of goroutines is reported in under 200 short lines that say
// what they leave out, and Options.TraceFile holds every step.
func TestHugeTraceReportIsBounded(t *testing.T) {
	file := filepath.Join(t.TempDir(), "trace.txt")
	rep, err := Explore(target(t, "hugetrace"), Options{Seed: 1, Executions: 1, SyncOnly: true, TraceFile: file})
	require.NoError(t, err)
	f := rep.Failure
	require.NotNil(t, f)
	require.Equal(t, GlobalDeadlock, f.Kind)
	require.Greater(t, len(f.Trace), 10000)
	require.Len(t, f.Goroutines, 101)
	report := f.Format("TOKEN")
	lines := strings.Split(strings.TrimRight(report, "\n"), "\n")
	require.Less(t, len(lines), 200, report)
	for _, l := range lines {
		limit := 500
		if strings.HasPrefix(l, "replay: ") {
			limit = 4000 // the token grows with the choices made: 13,000 here, compressed
		}
		require.Less(t, len(l), limit, "a line of %d characters: %.300s", len(l), l)
	}
	require.Contains(t, report, "  goroutine 1 [select (no cases)]: main.go:30 main.main\n")
	require.Regexp(t, `  100 goroutines \(\d+, \d+, \d+, \d+, \d+, \.\.\., \d+\) \[chan send\]: main.go:21 main.main.func1  ← created at main.go:17\n`, report)
	require.Contains(t, report, fmt.Sprintf("not shown: %d of %d steps, and the columns of", len(f.Trace)-traceHead-traceTail, len(f.Trace)))
	require.Contains(t, report, "of 301 goroutines (their steps shown are under others); full trace: "+file+"\n")
	require.Regexp(t, `\n  #  g1 +(g\d+ +){7}others\n`, report[:strings.Index(report, "\nreplay:")])
	again, err := Explore(target(t, "hugetrace"), Options{Replay: f.Schedule.Token(), SyncOnly: true})
	require.NoError(t, err)
	require.Equal(t, f.Trace, again.Failure.Trace, "the long token replays")

	full, err := os.ReadFile(file)
	require.NoError(t, err)
	text := string(full)
	require.True(t, strings.HasPrefix(text, report), "the trace file starts with the report")
	steps := strings.Split(strings.TrimRight(text[strings.Index(text, "\nfull trace: "):], "\n"), "\n")[2:]
	require.Len(t, steps, len(f.Trace))
	for i, s := range f.Trace {
		require.Equal(t, fmt.Sprintf("%6d  %-6s %s %s", i+1, goroutineName(s.G), s.Pos, s.Op), steps[i])
	}
}

// TestLongExecutionFinishesUnderTimeBudget: an execution that makes
// progress far past the fair phase's fixed budget is inconclusive under
// an execution budget, finishes under a time budget (and its race is
// found), and its token replays it however long it is.
func TestLongExecutionFinishesUnderTimeBudget(t *testing.T) {
	tg := target(t, "longrun")
	rep, err := Explore(tg, Options{Seed: 1, Executions: 2, MaxSteps: 50})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.Equal(t, 2, rep.Inconclusive)

	rep, err = Explore(tg, Options{Seed: 1, Time: time.Minute, MaxSteps: 50, Workers: 1})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, DataRace, rep.Failure.Kind)
	f := rep.Failure
	require.Greater(t, f.Schedule.FairSteps, fairFactor*50)
	rep, err = Explore(tg, Options{Replay: f.Schedule.Token(), MaxSteps: 50})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure, "replay did not fail")
	require.Equal(t, f.Message, rep.Failure.Message)
	require.Equal(t, f.Trace, rep.Failure.Trace)
}

// TestBigArrayRaces: the words of a large backing array, recorded as one
// array at the allocation (memory.go's bigArrays), are raced on as any
// other word: a read and a write of one word by two goroutines is found
// (and replays); disjoint halves are clean on every schedule.
func TestBigArrayRaces(t *testing.T) {
	tg := target(t, "bigbuffer")
	rep, err := Explore(tg, Options{Seed: 1})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, DataRace, rep.Failure.Kind)
	pos := []string{rep.Failure.Race.Current.Pos, rep.Failure.Race.Previous.Pos}
	require.ElementsMatch(t, []string{"main.go:18", "main.go:25"}, pos)
	assertReplays(t, tg, rep.Failure)

	rep, err = Explore(target(t, "bigbuffer_fixed"), Options{Strategy: "dfs", PreemptionBound: Unbounded})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
}

// TestTraceNamesTickerStop: a schedule labels Ticker.Stop as
// time.Ticker.Stop and Timer.Stop as time.Timer.Stop.
func TestTraceNamesTickerStop(t *testing.T) {
	rep, err := Explore(target(t, "tickerstop"), Options{Seed: 1, Executions: 1})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	var ops []string
	for _, s := range rep.Failure.Trace {
		if strings.HasSuffix(s.Op, ".Stop") {
			ops = append(ops, s.Op)
		}
	}
	require.Equal(t, []string{"time.Ticker.Stop", "time.Timer.Stop"}, ops)
}

// TestTimerCompletesParkedSelect: a timer that fires while a select
// waits on its channel completes the select's receive, as Go's
// synchronous timer channels do, so a later-ready case cannot take its
// place over any schedule (retry-go's TestContext reported a failure no
// schedule of Go gives).
func TestTimerCompletesParkedSelect(t *testing.T) {
	rep, err := Explore(target(t, "timerpark"), Options{Strategy: "dfs", PreemptionBound: Unbounded, Executions: 5000})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
}

// TestCloseCompletesParkedSelect: a close wakes a select parked on the
// channel with that case, as Go's closechan readies the goroutines that
// wait on it, so a case that becomes ready after cannot take its place
// (closepark/parked, every schedule with timers that fire only when no
// goroutine can move: an http.TimeoutHandler whose handler finished after
// the timeout answered 200 instead of 503), and its send case on the
// channel panics (closepark/sendpanic); a select that may run after
// both closes takes either (closepark/either).
func TestCloseCompletesParkedSelect(t *testing.T) {
	rep, err := Explore(target(t, "closepark/parked"), Options{Strategy: "dfs", PreemptionBound: Unbounded, TimeBarrier: true, Executions: 5000})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	// The send and the close race, as under go run -race: checked apart.
	rep, err = Explore(target(t, "closepark/sendpanic"), Options{Strategy: "dfs", PreemptionBound: Unbounded, TimeBarrier: true, Executions: 5000, NoRaces: true})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	rep, err = Explore(target(t, "closepark/either"), Options{Strategy: "dfs", PreemptionBound: Unbounded, Executions: 5000})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Contains(t, rep.Failure.Message, "took done")
}

// TestCalibrationIsAnExecution: under the random walk and pct on
// alternate executions (the default), the execution that gives pct its
// expected number of choice points is execution 0, counted and judged as
// any other: a search of n executions runs the program n times, and a
// failure in that execution is reported and replays. pct alone still
// measures on a random walk of its own (n+1 runs).
func TestCalibrationIsAnExecution(t *testing.T) {
	for _, c := range []struct {
		strategy string
		runs     int
	}{{"", 5}, {RandomPCT, 5}, {"pct", 6}, {"random", 5}} {
		tg := target(t, "single")
		runs := 0
		start := tg.Start
		tg.Start = func(m *ssainterp.Machine) error { runs++; return start(m) }
		rep, err := Explore(tg, Options{Seed: 1, Executions: 5, Strategy: c.strategy, Workers: 1})
		require.NoError(t, err)
		require.Nil(t, rep.Failure)
		require.Equal(t, 5, rep.Executions, c.strategy)
		require.Equal(t, c.runs, runs, c.strategy)
	}
	// The program fails on every schedule: the failure reported is that
	// of the measuring execution (its seed), the only one run.
	tg := target(t, "alwaysfails")
	rep, err := Explore(tg, Options{Seed: 1, Executions: 100})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, Panic, rep.Failure.Kind)
	require.Equal(t, 0, rep.Failure.Execution)
	require.Equal(t, 1, rep.Executions)
	require.Equal(t, executionSeed(1, -1), rep.Failure.Schedule.Seed)
	assertReplays(t, tg, rep.Failure)
}

// TestGrace: an execution running when the time budget is spent goes on
// for the grace (Options.Grace, by default DeadlineGrace of the budget)
// before it is cut and counted inconclusive.
func TestGrace(t *testing.T) {
	tg := target(t, "slowrun")
	rep, err := Explore(tg, Options{Seed: 1, Time: time.Millisecond, Workers: 1})
	require.NoError(t, err)
	require.Equal(t, 0, rep.Executions)
	require.Equal(t, 1, rep.Inconclusive)
	require.NotEmpty(t, rep.Interrupted)

	rep, err = Explore(tg, Options{Seed: 1, Time: time.Millisecond, Grace: time.Minute, Workers: 1})
	require.NoError(t, err)
	require.Equal(t, 1, rep.Executions)
	require.Equal(t, 0, rep.Inconclusive)
	require.Nil(t, rep.Failure)
}

// TestNoTraceWhenSpent: a failure whose traced replay would run past the
// time budget's grace is reported as found, without a trace (which its
// token makes), and the report says so.
func TestNoTraceWhenSpent(t *testing.T) {
	now := time.Now()
	require.True(t, untraced(now, 2*time.Second, now.Add(time.Second)))
	require.False(t, untraced(now, 2*time.Second, now.Add(3*time.Second)))
	require.False(t, untraced(now, time.Hour, time.Time{}))

	f := &Failure{Kind: Panic, Message: "panic: boom", NoTrace: "the failing execution took 1m0s, and a traced replay would run past the time budget: its trace was not made (replay the token for it)"}
	out := f.Format("mcheck explore -replay=TOKEN")
	require.Contains(t, out, "schedule: the failing execution took 1m0s")
	require.Contains(t, out, "replay: mcheck explore -replay=")
}
