package gotest

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// flagsGiven parses args as go test would the -mcheck.* flags and
// applies them over c.
func flagsGiven(t *testing.T, c Config, args ...string) Config {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	defineFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return applyFlags(c, fs.Visit, runTime, runShortTime, false)
}

// Budgets mean what they say: a time budget alone has no execution cap,
// an execution budget alone no time cap, both whichever comes first; a
// budget flag replaces the options' budget; the default is time alone.
func TestBudgetFlags(t *testing.T) {
	opts := Config{}
	opts.Executions = 100 // mcheck.Executions(100) in the test
	for _, tc := range []struct {
		args  []string
		base  Config
		time  time.Duration
		execs int
	}{
		{nil, Config{}, runTime, 0},
		{nil, opts, 0, 100},
		{[]string{"-mcheck.budget=2m"}, Config{}, 2 * time.Minute, 0},
		{[]string{"-mcheck.budget=2m"}, opts, 2 * time.Minute, 0}, // the nightly hunt runs two minutes
		{[]string{"-mcheck.executions=500"}, Config{}, 0, 500},
		{[]string{"-mcheck.executions=500", "-mcheck.budget=1s"}, opts, time.Second, 500},
	} {
		c := flagsGiven(t, tc.base, tc.args...)
		if c.Time != tc.time || c.Executions != tc.execs || c.check() != nil {
			t.Errorf("%v over %+v: time %v executions %d (%v), want %v and %d", tc.args, tc.base.Options, c.Time, c.Executions, c.check(), tc.time, tc.execs)
		}
	}
	c := applyFlags(Config{}, func(func(*flag.Flag)) {}, runTime, runShortTime, true)
	if c.Time != runShortTime || c.Executions != 0 {
		t.Errorf("-short default: %v %d", c.Time, c.Executions)
	}
}

func TestBudgetFlagsRefused(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"-mcheck.budget=0", "-mcheck.budget 0s: a time budget must be positive"},
		{"-mcheck.budget=-3s", "-mcheck.budget -3s: a time budget must be positive"},
		{"-mcheck.executions=0", "-mcheck.executions 0: an execution budget must be positive"},
		{"-mcheck.executions=-1", "-mcheck.executions -1: an execution budget must be positive"},
	} {
		err := flagsGiven(t, Config{}, tc.arg).check()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.arg, err, tc.want)
		}
	}
}

// The component restart loop follows the same rule: a time budget alone
// runs environments until the time is spent, an execution budget alone
// runs exactly that many executions, and negative budgets are refused.
func TestComponentBudgets(t *testing.T) {
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	var c Config
	c.Seed, c.Time = 1, 1500*time.Millisecond
	rep, err := CheckComponentTest("testdata/cache", pkg, "TestCacheFixed", c)
	if err != nil || rep.Failure != nil {
		t.Fatalf("time alone: %+v %v", rep, err)
	}
	if rep.Elapsed < c.Time {
		t.Errorf("a 1.5s budget stopped after %v, %d executions", rep.Elapsed, rep.Executions)
	}
	c.Time, c.Executions = 0, 250
	rep, err = CheckComponentTest("testdata/cache", pkg, "TestCacheFixed", c)
	if err != nil || rep.Failure != nil || rep.Executions != 250 {
		t.Fatalf("executions alone: %+v %v", rep, err)
	}
	for _, bad := range []func(*Config){
		func(c *Config) { c.Time = -time.Second },
		func(c *Config) { c.Executions = -3 },
		func(c *Config) { c.Executions, c.Component.Unit.Executions = 10, -1 },
	} {
		var c Config
		bad(&c)
		if _, err := CheckComponentTest("testdata/cache", pkg, "TestCacheFixed", c); err == nil || !strings.Contains(err.Error(), "negative budget") {
			t.Errorf("%+v: %v", c, err)
		}
	}
	c = Config{Refused: []string{"mcheck.Budget 0s: a time budget must be positive"}}
	if _, err := CheckComponentTest("testdata/cache", pkg, "TestCacheFixed", c); err == nil || !strings.Contains(err.Error(), "mcheck.Budget 0s") {
		t.Errorf("refused option: %v", err)
	}
}

// TestComponentOwnOption: an option that is not package mcheck's does
// not stop the probe (go test applies it natively).
func TestComponentOwnOption(t *testing.T) {
	const pkg = "github.com/mcheck-dev/mcheck/gotest/testdata/cache"
	var c Config
	c.Executions = 50
	rep, err := CheckComponentTest("testdata/cache", pkg, "TestOwnOption", c)
	if err != nil || rep.Failure != nil || rep.Executions != 50 {
		t.Fatalf("%+v %v", rep, err)
	}
}
