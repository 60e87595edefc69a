package check

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// given parses args as go test would the -mcheck.* flags and applies
// them over c with Run's default budget.
func given(t *testing.T, c Config, args ...string) Config {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	Define(fs, "mcheck.")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	Apply(&c, fs, "mcheck.", nil)
	DefaultBudget(&c, RunTime, false)
	return c
}

// Budgets mean what they say: a time budget alone has no execution cap,
// an execution budget alone no time cap, both whichever comes first; a
// budget flag replaces the options' budget; the default is time alone,
// and stops early once coverage saturates (not with -mcheck.fullbudget,
// nor with any budget given).
func TestBudgetFlags(t *testing.T) {
	t.Parallel()
	opts := Config{}
	opts.Executions = 100 // mcheck.Executions(100) in the test
	for _, tc := range []struct {
		args     []string
		base     Config
		time     time.Duration
		execs    int
		saturate bool
	}{
		{nil, Config{}, RunTime, 0, true},
		{[]string{"-mcheck.fullbudget"}, Config{}, RunTime, 0, false},
		{nil, opts, 0, 100, false},
		{[]string{"-mcheck.budget=2m"}, Config{}, 2 * time.Minute, 0, false},
		{[]string{"-mcheck.budget=2m"}, opts, 2 * time.Minute, 0, false}, // the nightly hunt runs two minutes
		{[]string{"-mcheck.executions=500"}, Config{}, 0, 500, false},
		{[]string{"-mcheck.executions=500", "-mcheck.budget=1s"}, opts, time.Second, 500, false},
	} {
		c := given(t, tc.base, tc.args...)
		if c.Time != tc.time || c.Executions != tc.execs || c.Saturate != tc.saturate || c.Err() != nil {
			t.Errorf("%v over %+v: time %v executions %d saturate %v (%v), want %v, %d and %v", tc.args, tc.base.Options, c.Time, c.Executions, c.Saturate, c.Err(), tc.time, tc.execs, tc.saturate)
		}
	}
	var c Config
	DefaultBudget(&c, RunTime, true)
	if c.Time != ShortTime || c.Executions != 0 {
		t.Errorf("-short default: %v %d", c.Time, c.Executions)
	}
}

// TestFlagsRefused: values a flag cannot take are refused, naming the
// flag as it was given.
func TestFlagsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ arg, want string }{
		{"-mcheck.budget=0", "-mcheck.budget 0s: a time budget must be positive"},
		{"-mcheck.budget=-3s", "-mcheck.budget -3s: a time budget must be positive"},
		{"-mcheck.executions=0", "-mcheck.executions 0: an execution budget must be positive"},
		{"-mcheck.executions=-1", "-mcheck.executions -1: an execution budget must be positive"},
		{"-mcheck.strategy=bfs", `-mcheck.strategy "bfs": want one of portfolio, random+pct, random, pct, dfs, eda`},
		{"-mcheck.steps=-4", "-mcheck.steps -4: the step bound must be positive"},
		{"-mcheck.workers=-1", "-mcheck.workers -1: the number of workers must not be negative"},
		{"-mcheck.preemptions=-3", "-mcheck.preemptions -3: a preemption bound is 0 or more, or -1 for none"},
		{"-mcheck.depth=0", "-mcheck.depth 0: the depth must be positive"},
		{"-mcheck.replay=garbage", `-mcheck.replay: "garbage" is not a replay token of mcheck`},
		{"-mcheck.fitness=speed", `-mcheck.fitness "speed": want one of blocked, leak, race`},
	} {
		c := given(t, Config{}, tc.arg)
		err := c.Err()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.arg, err, tc.want)
		}
	}
}

// TestOptionValues: the setters the options call refuse what makes no
// sense; Preemptions(0) means no preemptions, not the default.
func TestOptionValues(t *testing.T) {
	t.Parallel()
	var c Config
	c.SetPreemptions("mcheck.Preemptions", 0)
	if c.PreemptionBound != -2 || c.Err() != nil {
		t.Errorf("Preemptions(0): bound %d, %v", c.PreemptionBound, c.Err())
	}
	c.SetEnvironment("mcheck.Environment", "everything", 0)
	c.SetRestarts("mcheck.Restarts", "luby", -1)
	c.SetGoroutines("mcheck.Goroutines", 0)
	err := c.Err()
	for _, want := range []string{`mcheck.Environment "everything": want one of random, universal`, `mcheck.Restarts("luby", -1): the unit must be positive`, "mcheck.Goroutines 0"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v, want %q", err, want)
		}
	}
}

// TestMemoryFlag: -mcheck.memory sets the exploration's memory bound and
// refuses what is not a positive size.
func TestMemoryFlag(t *testing.T) {
	t.Parallel()
	parse := func(args ...string) (Config, error) {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		Define(fs, "mcheck.")
		err := fs.Parse(args)
		var c Config
		Apply(&c, fs, "mcheck.", nil)
		return c, err
	}
	if c, err := parse(); err != nil || c.MaxMemory != 0 {
		t.Fatalf("default: MaxMemory %d, %v", c.MaxMemory, err)
	}
	if c, err := parse("-mcheck.memory=512MiB"); err != nil || c.MaxMemory != 512<<20 {
		t.Fatalf("-mcheck.memory=512MiB: MaxMemory %d, %v", c.MaxMemory, err)
	}
	for _, bad := range []string{"0", "-5", "big"} {
		if _, err := parse("-mcheck.memory=" + bad); err == nil {
			t.Errorf("-mcheck.memory=%s accepted", bad)
		}
	}
}

// TestTagsFlag: -mcheck.tags adds to the tags a test's options set.
func TestTagsFlag(t *testing.T) {
	t.Parallel()
	c := given(t, Config{Tags: []string{"a"}}, "-mcheck.tags=b,c")
	if !slices.Equal(c.Tags, []string{"a", "b,c"}) {
		t.Fatalf("tags %q", c.Tags)
	}
}

// TestTokens: tokens carry their test's identity; another test's token
// is refused, or ignored for a suite; garbage is no token.
func TestTokens(t *testing.T) {
	t.Parallel()
	x, y, other := ID{"example.com/p", "TestX"}, ID{"example.com/p", "TestY"}, ID{"example.com/q", "TestX"}
	tok := x.Token("v1.AQID")
	if !strings.HasPrefix(tok, "TestX.") {
		t.Fatalf("token %s", tok)
	}
	if bare, mine, err := x.ReplayFor(tok); bare != "v1.AQID" || !mine || err != nil {
		t.Errorf("own token: %q %v %v", bare, mine, err)
	}
	for _, id := range []ID{y, other} {
		c := Config{}
		c.Replay = tok
		if _, err := c.ReplayTokenFor(id); err == nil || !strings.Contains(err.Error(), "is for") || strings.Contains(err.Error(), "nondeterminism") {
			t.Errorf("%v: %v", id, err)
		}
		c.ReplaySuite = true
		if bare, err := c.ReplayTokenFor(id); bare != "" || err != nil {
			t.Errorf("%v in a suite: %q %v", id, bare, err)
		}
	}
	c := Config{}
	c.Replay = "TestY.abc.v1"
	if _, err := c.ReplayTokenFor(x); err == nil || !strings.Contains(err.Error(), "is not a replay token") {
		t.Errorf("garbage: %v", err)
	}
}
