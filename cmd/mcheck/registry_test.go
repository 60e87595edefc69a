package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// TestRegistryNames: every name of every registry (strategies, sched's
// strategies, EDA fitness metrics, guided heuristics, reductions,
// environments, restart strategies) is taken by the flag parser or the
// option that names it, and by mcheck test, and is documented in
// docs/strategies.md or docs/flags.md. Adding a name to a table without
// its documentation fails here.
func TestRegistryNames(t *testing.T) {
	t.Parallel()
	var docs []byte
	for _, f := range []string{"../../docs/strategies.md", "../../docs/flags.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, b...)
	}
	documented := func(kind, name string) {
		t.Helper()
		if !regexp.MustCompile(`(^|[^\w+-])` + regexp.QuoteMeta(name) + `($|[^\w+-])`).Match(docs) {
			t.Errorf("the %s %q is in no table of docs/strategies.md or docs/flags.md", kind, name)
		}
	}
	flagTakes := func(flagName, name string) {
		t.Helper()
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		check.Define(fs, "mcheck.")
		if err := fs.Parse([]string{"-mcheck." + flagName + "=" + name}); err != nil {
			t.Fatal(err)
		}
		var c check.Config
		check.Apply(&c, fs, "mcheck.", nil)
		if err := c.Err(); err != nil {
			t.Errorf("-mcheck.%s=%s: %v", flagName, name, err)
		}
	}
	flags := map[string][]string{
		"strategy":  check.Strategies,
		"fitness":   check.Fitnesses,
		"heuristic": heuristics.HeuristicNames(),
		"reduction": check.Reductions,
	}
	var cli []string // one mcheck test command line per name
	for flagName, names := range flags {
		for _, name := range names {
			flagTakes(flagName, name)
			documented(flagName, name)
			cli = append(cli, "-"+flagName+"="+name)
		}
	}
	for _, name := range sched.StrategyNames() {
		documented("sched strategy", name)
		if !strings.Contains(strings.Join(check.Strategies, " "), name) {
			t.Errorf("sched's strategy %q cannot be chosen with -mcheck.strategy", name)
		}
	}
	for _, name := range check.Environments {
		var c check.Config
		c.SetEnvironment("mcheck.Environment", name, 0)
		if err := c.Err(); err != nil {
			t.Error(err)
		}
		documented("environment", name)
	}
	for _, name := range check.Restarts {
		var c check.Config
		c.SetRestarts("mcheck.Restarts", name, 0)
		if err := c.Err(); err != nil {
			t.Error(err)
		}
		documented("restart strategy", name)
	}
	// mcheck test takes each flag value: it refuses a value it does not
	// take before it loads anything, so a package that does not exist
	// gets as far as the load (which fails at once) only with a value it
	// takes; a value it does not take is refused naming the flag.
	for _, arg := range append(cli, "-strategy=bogus") {
		var out, errb bytes.Buffer
		code := run("../../gotest/testdata/bank", []string{"test", arg, "./nosuchdir"}, &out, &errb)
		refused := strings.Contains(errb.String(), "mcheck: "+strings.SplitN(arg, "=", 2)[0]+" ")
		if loaded := strings.Contains(errb.String(), "nosuchdir: directory not found"); code != 2 || refused == loaded || refused != (arg == "-strategy=bogus") {
			t.Errorf("mcheck test %s: exit %d\n%s%s", arg, code, out.String(), errb.String())
		}
	}
}
