package check

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/sched"
)

// The guide flags select the guided strategy with their locations, read
// a race report, and refuse bad input naming the flag.
func TestGuideFlags(t *testing.T) {
	t.Parallel()
	c := given(t, Config{}, "-mcheck.guide=cache.go:41, cache.go:88", "-mcheck.heuristic=random")
	want := []heuristics.Location{{File: "cache.go", Line: 41}, {File: "cache.go", Line: 88}}
	if c.Err() != nil || c.Strategy != "guided" || !reflect.DeepEqual(c.Guided.Locations, want) || c.Guided.Heuristic != "random" {
		t.Errorf("got %q %v %q (%v)", c.Strategy, c.Guided.Locations, c.Guided.Heuristic, c.Err())
	}
	if err := c.UseGuided(); err != nil || c.Custom == nil {
		t.Fatalf("UseGuided: %v", err)
	}
	if s, ok := c.Custom().(*heuristics.Guided); !ok || s == nil {
		t.Errorf("Custom makes a %T", c.Custom())
	}
	c = given(t, Config{}, "-mcheck.guide=@../../heuristics/testdata/race_counter.txt")
	if want := []heuristics.Location{{File: "racy.go", Line: 10}, {File: "racy.go", Line: 7}}; c.Err() != nil || !reflect.DeepEqual(c.Guided.Locations, want) {
		t.Errorf("race report: %v (%v)", c.Guided.Locations, c.Err())
	}
	for _, tc := range []struct{ args []string }{
		{[]string{"-mcheck.guide=cache.go"}},
		{[]string{"-mcheck.guide=cache.go:0"}},
		{[]string{"-mcheck.guide=@no-such-file.txt"}},
		{[]string{"-mcheck.guide=@guided.go"}}, // no race report in it
		{[]string{"-mcheck.heuristic=astar"}},
		{[]string{"-mcheck.prefer=main.go:x"}},
	} {
		c := given(t, Config{}, tc.args...)
		name, _, _ := strings.Cut(strings.TrimPrefix(tc.args[0], "-"), "=")
		if err := c.Err(); err == nil || !strings.Contains(err.Error(), "-"+name) {
			t.Errorf("%v: error %v, want one naming -%s", tc.args, err, name)
		}
	}
	for _, tc := range []struct {
		c    Config
		want string
	}{
		{given(t, Config{}, "-mcheck.strategy=guided"), "sequence of locations"},
		{given(t, Config{}, "-mcheck.guide=a.go:1", "-mcheck.heuristic=prefer"), "-mcheck.prefer"},
	} {
		if err := tc.c.UseGuided(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error saying %q", tc.c.Guided, err, tc.want)
		}
	}
}

// A race report of go test -race on examples/reorder, given as
// -mcheck.guide=@FILE, leads guided test to a schedule that shows the
// race and replays, in under 5 s.
func TestGuideFromRaceReport(t *testing.T) {
	t.Parallel()
	target, err := LoadTest("../../examples/reorder", ID{Pkg: "github.com/mcheck-dev/mcheck/examples/reorder", Test: "reorder5"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := given(t, Config{}, "-mcheck.guide=@../../heuristics/testdata/race_reorder.txt", "-mcheck.seed=1", "-mcheck.workers=1")
	if err := c.UseGuided(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	rep, err := sched.Explore(target, c.Options)
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Failure
	if f == nil || f.Kind != sched.DataRace || !strings.HasPrefix(f.Race.Current.Pos, "reorder.go:") {
		t.Fatalf("no race on reorder.go in %d executions: %v", rep.Executions, f)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("took %v", el)
	}
	o := c.Options
	o.Replay = f.Schedule.Token()
	again, err := sched.Explore(target, o)
	if err != nil || again.Failure == nil || again.Failure.Kind != sched.DataRace || again.Failure.Race.Current.Pos != f.Race.Current.Pos {
		t.Fatalf("the token %s does not replay the race: %v %v", o.Replay, again, err)
	}
	t.Logf("race %s / %s after %d executions, %d steps", f.Race.Previous.Pos, f.Race.Current.Pos, rep.Executions, rep.Steps)
	// With race reports off, the same guide leads to the failure the race
	// causes: reorder's check sees the second write without the first.
	c = given(t, Config{}, "-mcheck.guide=@../../heuristics/testdata/race_reorder.txt", "-mcheck.seed=1", "-mcheck.workers=1", "-mcheck.norace")
	if err := c.UseGuided(); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	rep, err = sched.Explore(target, c.Options)
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Failure; f == nil || f.Kind == sched.DataRace {
		t.Fatalf("-mcheck.norace: no failure in %d executions: %v", rep.Executions, f)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("-mcheck.norace: took %v", el)
	}
	o = c.Options
	o.Replay = rep.Failure.Schedule.Token()
	if again, err := sched.Explore(target, o); err != nil || again.Failure == nil || again.Failure.Kind != rep.Failure.Kind {
		t.Fatalf("-mcheck.norace: the token does not replay: %v %v", again, err)
	}
	t.Logf("-mcheck.norace: %s after %d executions: %s", rep.Failure.Kind, rep.Executions, rep.Failure.Message)
	// The report holds two races (in locations): Run's search follows
	// each in turn, the one with a read first, and names the one that
	// led to the failure.
	if len(c.Guided.Races) != 2 {
		t.Fatalf("races of the report: %v", c.Guided.Races)
	}
	id := ID{Pkg: "github.com/mcheck-dev/mcheck/examples/reorder", Test: "reorder5"}
	run, err := Explore(target, id, "", c)
	if err != nil || run.Failure == nil || !strings.Contains(run.Note, "confirmed the race of the report reorder.go:19 → reorder.go:23") {
		t.Fatalf("Explore: %v %v, note %q", run, err, run.Note)
	}
}

// -mcheck.statecache gives guided test its visited set: the trial
// fingerprints the states where it chooses, and still finds reorder's
// race.
func TestGuideStateCache(t *testing.T) {
	t.Parallel()
	target, err := LoadTest("../../examples/reorder", ID{Pkg: "github.com/mcheck-dev/mcheck/examples/reorder", Test: "reorder5"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := given(t, Config{}, "-mcheck.guide=@../../heuristics/testdata/race_reorder.txt", "-mcheck.statecache", "-mcheck.seed=1", "-mcheck.workers=1")
	if err := c.UseGuided(); err != nil || !c.StateCaching {
		t.Fatalf("UseGuided: %v, state caching %v", err, c.StateCaching)
	}
	var g *heuristics.Guided
	trial := c.Custom
	c.Custom = func() sched.Strategy { g = trial().(*heuristics.Guided); return g }
	rep, err := sched.Explore(target, c.Options)
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Failure; f == nil || f.Kind != sched.DataRace {
		t.Fatalf("no race in %d executions: %v", rep.Executions, f)
	}
	if st := g.Stats(); st.Visited == 0 {
		t.Errorf("no state fingerprinted: %+v", st)
	}
}

// -mcheck.guide=warnings follows each warning of the analyzers on the
// package under test: examples/deadlock's lock-order warning on Transfer
// (the package's one warning; TransferOrdered is not reported) is
// confirmed by a deadlock that replays in the test that calls Transfer
// both ways, and not confirmed in the fixed twin, which calls
// TransferOrdered.
func TestGuideWarnings(t *testing.T) {
	t.Parallel()
	const pkg = "github.com/mcheck-dev/mcheck/examples/deadlock"
	c := given(t, Config{}, "-mcheck.guide=warnings", "-mcheck.seed=1", "-mcheck.workers=1", "-mcheck.executions=2000")
	if err := c.Err(); err != nil || !c.Guided.Warnings || c.Strategy != "guided" {
		t.Fatalf("flags: %v, warnings %v, strategy %q", err, c.Guided.Warnings, c.Strategy)
	}
	for _, tc := range []struct {
		test string
		bug  bool
	}{
		{"transferBothWays", true},
		{"transferBothWaysOrdered", false},
	} {
		id := ID{Pkg: pkg, Test: tc.test}
		target, err := LoadTest("../../examples/deadlock", id, nil)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Explore(target, id, "", c)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d executions, failure %v; %s", tc.test, rep.Executions, rep.Failure != nil, rep.Note)
		if !strings.Contains(rep.Note, "lockorder") && !strings.Contains(rep.Note, "P1") {
			t.Errorf("%s: the note does not name the lock-order warning: %s", tc.test, rep.Note)
		}
		if !tc.bug {
			if rep.Failure != nil || !strings.Contains(rep.Note, "did not confirm the one warning of the analyzers within") {
				t.Errorf("%s: %v, note %q: want no failure, no warning confirmed", tc.test, rep.Failure, rep.Note)
			}
			continue
		}
		f := rep.Failure
		if f == nil || f.Kind != sched.GlobalDeadlock || !strings.Contains(rep.Note, "confirmed the warning") {
			t.Fatalf("%s: %v, note %q: want a deadlock confirming the warning", tc.test, f, rep.Note)
		}
		o := c.Options
		o.Replay = f.Schedule.Token()
		again, err := sched.Explore(target, o)
		if err != nil || again.Failure == nil || again.Failure.Kind != sched.GlobalDeadlock {
			t.Fatalf("%s: the token does not replay the deadlock: %v %v", tc.test, again, err)
		}
	}
}
