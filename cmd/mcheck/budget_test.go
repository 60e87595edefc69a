package main

import (
	"bytes"
	"flag"
	"io"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	_ "github.com/mcheck-dev/mcheck/gotest" // go test's -mcheck.* flags, on flag.CommandLine
)

// TestSameFlagsAsGoTest: mcheck test accepts the flags go test takes as
// -mcheck.*, with the same defaults; the differences are the flags of
// go test's own that mcheck test repeats (-run, -short, -json: a JSON
// stream on stdout, where -mcheck.json names a file).
func TestSameFlagsAsGoTest(t *testing.T) {
	t.Parallel()
	cli := map[string]string{}
	fs := newFlagSet("test", io.Discard)
	testFlags(fs)
	fs.VisitAll(func(f *flag.Flag) { cli[f.Name] = f.DefValue })
	goTest := map[string]string{}
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if name, ok := strings.CutPrefix(f.Name, "mcheck."); ok {
			goTest[name] = f.DefValue
		}
	})
	var diff []string
	for name, def := range cli {
		if g, ok := goTest[name]; !ok || g != def {
			diff = append(diff, "-"+name+"="+def+" (go test: "+g+")")
		}
	}
	for name, def := range goTest {
		if _, ok := cli[name]; !ok {
			diff = append(diff, "-mcheck."+name+"="+def+" (not in mcheck test)")
		}
	}
	sort.Strings(diff)
	want := []string{"-json=false (go test: )", "-run= (go test: )", "-short=false (go test: )"}
	if strings.Join(diff, "\n") != strings.Join(want, "\n") {
		t.Errorf("the flag sets differ:\n%s\nwant only\n%s", strings.Join(diff, "\n"), strings.Join(want, "\n"))
	}
	if len(cli) < 18 {
		t.Errorf("only %d flags", len(cli))
	}
}

// TestFlagsRefused: bad flag values are exit status 2 with a message
// naming the flag, from test and explore alike, before anything runs;
// -h is exit status 0 with the usage on stdout.
func TestFlagsRefused(t *testing.T) {
	t.Parallel()
	const bank = "../../gotest/testdata/bank"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "-budget", "0", "."}, "mcheck: -budget 0s: a time budget must be positive"},
		{[]string{"test", "-budget", "-5s", "."}, "mcheck: -budget -5s: a time budget must be positive"},
		{[]string{"test", "-executions", "-1", "."}, "mcheck: -executions -1: an execution budget must be positive"},
		{[]string{"explore", "-executions", "-5", "."}, "mcheck: -executions -5: an execution budget must be positive"},
		{[]string{"test", "-strategy", "bfs", "."}, `mcheck: -strategy "bfs": want one of portfolio, random+pct, random, pct, dfs, eda`},
		{[]string{"test", "-steps", "-1", "."}, "mcheck: -steps -1: the step bound must be positive"},
		{[]string{"test", "-workers", "-2", "."}, "mcheck: -workers -2: the number of workers must not be negative"},
		{[]string{"test", "-replay", "nonsense", "."}, `mcheck: -replay: "nonsense" is not a replay token of mcheck`},
		{[]string{"test", "-budget", "5", "."}, `invalid value "5" for flag -budget`},
		{[]string{"test", "-nosuchflag", "."}, "flag provided but not defined: -nosuchflag\nusage: mcheck test [flags] PKG..."},
		{[]string{"test"}, "mcheck test: no package given\nusage: mcheck test [flags] PKG..."},
		{[]string{"explore"}, "mcheck explore: want one package, got 0\nusage: mcheck explore [flags] PKG"},
		{[]string{"run", "-depth", "0", "."}, "mcheck run: -steps must not be negative, -depth must be positive"},
	} {
		var out, errb bytes.Buffer
		if code := run(bank, tc.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", tc.args, code, out.String(), errb.String())
		}
	}
	for _, args := range [][]string{{"-h"}, {"help"}, {"test", "-h"}, {"explore", "-h"}, {"run", "-h"}, {"envgen", "-h"}, {"demo", "-h"}} {
		var out, errb bytes.Buffer
		if code := run(bank, args, &out, &errb); code != 0 || !strings.Contains(out.String(), "usage: mcheck ") {
			t.Errorf("%v: exit %d\nstdout: %s\nstderr: %s", args, code, out.String(), errb.String())
		}
		if args[0] == "test" && !strings.Contains(out.String(), "usage: mcheck test [flags] PKG...") {
			t.Errorf("mcheck test -h does not name its arguments:\n%s", out.String())
		}
	}
}

// TestTimeBudgetAlone: mcheck test -budget 1s runs for the second, not
// for a count of executions; -executions alone runs exactly that many.
func TestTimeBudgetAlone(t *testing.T) {
	if testing.Short() {
		t.Skip("takes the budget")
	}
	t.Parallel()
	const bank = "../../gotest/testdata/bank"
	var out bytes.Buffer
	if code := run(bank, []string{"test", "-run", "^TestTransferFixed$", "-strategy", "random", "-budget", "1s", "."}, &out, io.Discard); code != 0 {
		t.Fatalf("exit %d\n%s", code, out.String())
	}
	m := regexp.MustCompile(`mcheck: (\d+) executions \(random\) in ([0-9.]+m?s)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no summary:\n%s", out.String())
	}
	if d, _ := time.ParseDuration(m[2]); d < time.Second {
		t.Errorf("a 1s budget stopped after %s and %s executions", m[2], m[1])
	}
	out.Reset()
	if code := run(bank, []string{"test", "-run", "^TestTransferFixed$", "-strategy", "random", "-executions", "123", "."}, &out, io.Discard); code != 0 ||
		!strings.Contains(out.String(), "mcheck: 123 executions (random)") {
		t.Errorf("executions alone: exit %d\n%s", code, out.String())
	}
}
