package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/mcheck-dev/mcheck/gotest"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// testCmd implements "mcheck test": it explores the existing Test
// functions of the packages, unmodified.
func testCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o sched.Options
	verbose := exploreFlags(fs, &o)
	run := fs.String("run", "", "explore only tests whose name matches this regular expression")
	short := fs.Bool("short", false, "testing.Short() reports true in the tests (as go test -short)")
	tags := fs.String("tags", "", "comma-separated build tags, as go test -tags takes them (purego is always set)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: mcheck test [-run REGEXP] [flags] PKG...")
		return 2
	}
	raw := gotest.Config{Options: o} // the flags' values, the budget only if given
	if _, err := setBudget(fs, &o); err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return 2
	}
	if *verbose {
		o.Progress, raw.Progress = stderr, stderr
	}
	re, err := regexp.Compile(*run)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: -run: %v\n", err)
		return 2
	}
	setHostMemoryLimit()
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: ".", Tests: true, Tags: []string{*tags}, Host: gotest.Host}, fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return 2
	}
	// As go test's flags: no -timeout, so t.Deadline reports none.
	prog.SetTestFlags(ssainterp.TestFlags{Short: *short, Verbose: *verbose})
	// A bug found anywhere is status 1; otherwise a test mcheck could
	// not run (a limit, an unsupported construct) is 2. Either way the
	// other tests still run.
	bugs, cannot, ran := 0, 0, 0
	for _, id := range prog.TestVariants() {
		for _, name := range prog.Tests(id) {
			if !re.MatchString(name) {
				continue
			}
			ran++
			t := sched.Target{Prog: prog, Test: true, Start: func(m *ssainterp.Machine) error { return m.StartTest(id, name) }}
			pkg, _, _ := strings.Cut(id, " ")
			replay := fmt.Sprintf("mcheck test -run '^%s$' -replay=TOKEN %s", name, strings.Join(fs.Args(), " "))
			header := func() { fmt.Fprintf(stdout, "=== %s (%s)\n", name, pkg) }
			found, err := func() (int, error) {
				if prog.Calls(id, name, "github.com/mcheck-dev/mcheck.Component") {
					c := raw
					// The test's options, then the flags given; 3s
					// without a budget, as in go test.
					c.TestOptions = func(c *gotest.Config, opts []gotest.TestOption) error {
						cc, err := testConfig(fs, *c, opts, componentTime, 0)
						*c = cc
						return err
					}
					rep, err := gotest.CheckComponent(t, "", c)
					if err != nil {
						return 0, err
					}
					header()
					return printComponentReport(stdout, rep, replay), nil
				}
				opts := o
				if prog.Calls(id, name, "github.com/mcheck-dev/mcheck.Run") {
					got, err := gotest.Probe(t)
					if err != nil {
						return 0, err
					}
					c, err := testConfig(fs, raw, got.Options, defaultTime, defaultExecutions)
					if err == nil {
						err = gotest.CheckConfig(c)
					}
					if err != nil {
						return 0, err
					}
					opts = c.Options
				}
				rep, err := sched.Explore(t, opts)
				if err != nil {
					return 0, err
				}
				header()
				return printReport(stdout, rep, replay), nil
			}()
			if err != nil {
				if cause := errors.Unwrap(err); ssainterp.IsLimit(cause) {
					// "out of memory: ...", "call depth limit: ...",
					// "step limit ...": the limit says it all.
					fmt.Fprintf(stderr, "mcheck could not run %s: %v\n", name, cause)
				} else {
					fmt.Fprintf(stderr, "mcheck: %s: %v\n", name, err)
				}
				cannot++
				continue
			}
			bugs += found
		}
	}
	if ran == 0 {
		fmt.Fprintf(stderr, "mcheck: no test matches %q in %s\n", *run, strings.Join(fs.Args(), " "))
		return 2
	}
	switch {
	case bugs > 0:
		return 1
	case cannot > 0:
		return 2
	}
	return 0
}
