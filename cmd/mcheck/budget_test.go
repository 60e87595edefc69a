package main

import (
	"bytes"
	"flag"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/sched"
)

// TestSetBudget: a time budget alone has no execution cap, an execution
// budget alone no time cap, both whichever comes first; with neither,
// the default is 20s or 10000 executions (dfs: 20s or exhausted).
func TestSetBudget(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		time  time.Duration
		execs int
		given bool
	}{
		{nil, defaultTime, defaultExecutions, false},
		{[]string{"-strategy", "dfs"}, defaultTime, 0, false},
		{[]string{"-budget", "30s"}, 30 * time.Second, 0, true},
		{[]string{"-executions", "7"}, 0, 7, true},
		{[]string{"-budget", "1m", "-executions", "7"}, time.Minute, 7, true},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		var o sched.Options
		exploreFlags(fs, &o)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		given, err := setBudget(fs, &o)
		if err != nil || given != tc.given || o.Time != tc.time || o.Executions != tc.execs {
			t.Errorf("%v: time %v executions %d given %v (%v); want %v %d %v", tc.args, o.Time, o.Executions, given, err, tc.time, tc.execs, tc.given)
		}
	}
}

// TestBudgetRefused: zero or negative budgets are exit status 2 with a
// clear message, from test and explore alike, before anything runs.
func TestBudgetRefused(t *testing.T) {
	t.Chdir("../../gotest/testdata/bank")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "-budget", "0", "."}, "mcheck: -budget 0s: a time budget must be positive"},
		{[]string{"test", "-budget", "-30s", "."}, "mcheck: -budget -30s: a time budget must be positive"},
		{[]string{"test", "-executions", "0", "."}, "mcheck: -executions 0: an execution budget must be positive"},
		{[]string{"explore", "-executions", "-5", "."}, "mcheck: -executions -5: an execution budget must be positive"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", tc.args, code, out.String(), errb.String())
		}
	}
}

// TestTimeBudgetAlone: mcheck test -budget 3s runs for the 3s, not for
// the default 10000 executions.
func TestTimeBudgetAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("takes the budget")
	}
	t.Chdir("../../gotest/testdata/bank")
	var out bytes.Buffer
	if code := run([]string{"test", "-run", "^TestTransferFixed$", "-strategy", "random", "-budget", "3s", "."}, &out, io.Discard); code != 0 {
		t.Fatalf("exit %d\n%s", code, out.String())
	}
	m := regexp.MustCompile(`mcheck: (\d+) executions \(random\) in ([0-9.]+m?s)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no summary:\n%s", out.String())
	}
	if d, _ := time.ParseDuration(m[2]); d < 3*time.Second {
		t.Errorf("a 3s budget stopped after %s and %s executions", m[2], m[1])
	}
	out.Reset()
	if code := run([]string{"test", "-run", "^TestTransferFixed$", "-strategy", "random", "-executions", "123", "."}, &out, io.Discard); code != 0 ||
		!strings.Contains(out.String(), "mcheck: 123 executions (random)") {
		t.Errorf("executions alone: exit %d\n%s", code, out.String())
	}
}
