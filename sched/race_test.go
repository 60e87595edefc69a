package sched

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcheck-dev/mcheck/ssainterp"
	"github.com/stretchr/testify/require"
)

var raceExecutions = flag.Int("race.executions", 1000, "executions per program in TestNoFalseRaces")

// TestNoFalseRaces explores every correctly synchronised program of
// testdata/racefree (mutexes, RWMutex, channels of every kind, WaitGroup,
// Once, Cond, atomics with publication, sync.Map, context) for 1,000
// executions each, and requires no failure at all: no data race (no false
// positives) and no deadlock, leak or panic (the models are right).
func TestNoFalseRaces(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/racefree/*")
	if len(dirs) < 30 {
		t.Fatalf("only %d race-free programs", len(dirs))
	}
	n := *raceExecutions
	if testing.Short() {
		n = 100
	}
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		name := filepath.Base(d)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tg := target(t, "racefree/"+name)
			rep, err := Explore(tg, Options{Seed: 1, Executions: n, Leaks: true})
			if err != nil {
				t.Fatal(err)
			}
			if f := rep.Failure; f != nil {
				t.Fatalf("%s after %d executions:\n%s", f.Kind, rep.Executions, f.Format(""))
			}
		})
	}
}

// BenchmarkRaceCost compares executions per second with and without race
// detection (shared-memory scheduling points on in both):
//
//	go test ./sched -run '^$' -bench RaceCost
func BenchmarkRaceCost(b *testing.B) {
	for _, prog := range []string{"dining5", "slicework"} {
		for _, races := range []bool{false, true} {
			name := prog + "/norace"
			if races {
				name = prog + "/race"
			}
			b.Run(name, func(b *testing.B) {
				prog, err := loadTarget(prog)
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				rep, err := Explore(prog, Options{Strategy: "random", Workers: 1, Executions: b.N, NoRaces: !races})
				if err != nil || rep.Failure != nil {
					b.Fatalf("%v %v", err, rep.Failure)
				}
				b.ReportMetric(float64(rep.Executions)/b.Elapsed().Seconds(), "executions/s")
			})
		}
	}
}

// TestWaitGroupNegativeCounter: a Done too many panics as Go's does.
func TestWaitGroupNegativeCounter(t *testing.T) {
	tg := target(t, "wgnegative")
	rep, err := Explore(tg, Options{Seed: 1})
	require.NoError(t, err)
	f := rep.Failure
	require.NotNil(t, f)
	require.Equal(t, Panic, f.Kind)
	require.Contains(t, f.Message, "sync: negative WaitGroup counter")
	assertReplays(t, tg, f)
}

// TestWaitGroupReuse: a WaitGroup reused for a new round while a waiter
// of the old one has not returned is Go's panic (without race detection)
// and a race of the Add from zero with that Wait (with it); waiters of a
// round that is over are released even if the counter is above zero
// again by the time they run.
func TestWaitGroupReuse(t *testing.T) {
	tg := target(t, "wgreuse")
	rep, err := Explore(tg, Options{Seed: 1, NoRaces: true})
	require.NoError(t, err)
	f := rep.Failure
	require.NotNil(t, f)
	require.Equal(t, Panic, f.Kind)
	require.Contains(t, f.Message, "sync: WaitGroup is reused before previous Wait has returned")
	assertReplays(t, tg, f)

	// The search stops at its first failure, the reuse's panic: seed 2's
	// executions record the race before one panics (seed 1's first does).
	rep, err = Explore(tg, Options{Seed: 2, Executions: 2000, RecordRaces: true, NoReduction: true})
	require.NoError(t, err)
	var wgRace *ssainterp.Race
	for _, r := range rep.Races {
		if r.Current.Op == "sync.WaitGroup.Add from zero" || r.Previous.Op == "sync.WaitGroup.Add from zero" {
			wgRace = r
		}
	}
	require.NotNil(t, wgRace, "no WaitGroup race among %d", len(rep.Races))
	require.Contains(t, wgRace.Message, "WaitGroup misuse")
	require.ElementsMatch(t, []string{"main.go:13", "main.go:16"}, []string{wgRace.Current.Pos, wgRace.Previous.Pos})
}

// TestRaceSides: the byte-range, atomic, WaitGroup and channel races of the
// fidelity corpus name the two accesses as Go's race detector does.
func TestRaceSides(t *testing.T) {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata"}, "./...")
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		ops  [2]string // the two sides' operations and positions, in either order
	}{
		{"race_struct_field", [2]string{"read main.go:29", "write main.go:33"}},
		{"race_array_elem", [2]string{"write main.go:17", "read main.go:22"}},
		{"race_atomic_store_read", [2]string{"read main.go:22", "atomic write main.go:20"}},
		{"race_atomic_add_write", [2]string{"atomic write main.go:15", "write main.go:16"}},
		{"race_stats_copy", [2]string{"atomic write main.go:21", "read main.go:37"}},
		{"race_wg_add_inside", [2]string{"sync.WaitGroup.Wait main.go:24", "sync.WaitGroup.Add from zero main.go:17"}},
		{"race_chan_send_close", [2]string{"chan send main.go:15", "chan close main.go:17"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			pkg := "schedtest/fidelity/" + c.name
			tg := Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}
			rep, err := Explore(tg, Options{Seed: 1})
			require.NoError(t, err)
			require.NotNil(t, rep.Failure)
			r := rep.Failure.Race
			require.NotNil(t, r)
			got := []string{r.Current.Op + " " + r.Current.Pos, r.Previous.Op + " " + r.Previous.Pos}
			require.ElementsMatch(t, c.ops[:], got)
			report := rep.Failure.Format("TOKEN")
			require.Contains(t, report, "Previous "+r.Previous.Op+" at "+r.Previous.Pos)
		})
	}
}

// TestRaceKinds: of the words racekinds accesses from two unordered
// goroutines, exactly those where a plain and an atomic access meet and
// one of them writes race (a: plain read, atomic write; b: atomic read,
// plain write), in whichever order the two run; two atomic accesses (c),
// a plain and an atomic read (d), two plain reads (e) and atomic adds
// ordered before a plain read by WaitGroup.Wait (f) do not.
func TestRaceKinds(t *testing.T) {
	tg := target(t, "racekinds")
	rep, err := Explore(tg, Options{Strategy: "dfs", RecordRaces: true, NoReduction: true, PreemptionBound: Unbounded, Executions: 5000})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	got := map[[2]string]bool{}
	for _, r := range rep.Races {
		sides := []string{r.Previous.Op + " " + r.Previous.Pos, r.Current.Op + " " + r.Current.Pos}
		slices.Sort(sides)
		got[[2]string(sides)] = true
	}
	want := map[[2]string]bool{
		{"atomic write main.go:29", "read main.go:20"}: true,
		{"atomic read main.go:21", "write main.go:30"}: true,
	}
	require.Equal(t, want, got)
}
