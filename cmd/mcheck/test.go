package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// testCmd implements "mcheck test": it explores the existing Test
// functions of the packages, unmodified, package by package: a package
// that cannot be loaded is reported and skipped. It ends with a summary
// line and exits 1 if any bug was found, else 2 if anything could not
// run, else 0. With -json, stdout has one JSON object per test (see
// check.Report) and nothing else; the summary goes to stderr.
func testCmd(dir string, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := newFlagSet("test", stderr)
	runRE, short, jsonOut := testFlags(fs)
	if code := parse(fs, "test", args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() == 0 {
		return badArgs("test", stderr, "no package given")
	}
	re, err := regexp.Compile(*runRE)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: -run: %v\n", err)
		return exitCannot
	}
	s := &suite{json: *jsonOut, replay: "mcheck test -run '^%s$' -replay=TOKEN " + strings.Join(fs.Args(), " ")}
	out := stdout
	if s.json {
		out = stderr
	}
	s.progress = newProgress(out, isTerminal(out, getenv), time.Now)
	s.stdout, s.stderr = s.progress.writer(stdout), s.progress.writer(stderr)
	base, ok := flagConfig(fs, check.RunTime, *short, s.stderr, getenv)
	if !ok {
		return exitCannot
	}
	// A replay token without -run is for its own test only.
	base.ReplaySuite = *runRE == ""
	setHostMemoryLimit()
	for _, pkg := range s.list(dir, fs.Args(), base.Tags) {
		s.pkg(dir, pkg, re, fs, base, *short)
	}
	s.progress.table()
	if s.ran == 0 && s.cannot == 0 {
		fmt.Fprintf(stderr, "mcheck: no test matches %q in %s\n", *runRE, strings.Join(fs.Args(), " "))
		return exitCannot
	}
	if base.Replay != "" && !s.replayed {
		// Nothing was replayed: saying the run was clean would pass a
		// replay that never happened.
		name, _, _ := strings.Cut(strings.TrimSpace(base.Replay), ".")
		fmt.Fprintf(stderr, "mcheck: nothing was replayed: the replay token is for the test %s, and no test run from %s is that test of the token's package (run mcheck test on the token's package, with -run '^%s$')\n",
			name, strings.Join(fs.Args(), " "), name)
		s.cannot++
	}
	fmt.Fprintf(s.summary(), "mcheck: %s\n", s.counts())
	switch {
	case s.bugs > 0:
		return exitBug
	case s.cannot > 0:
		return exitCannot
	}
	return exitClean
}

// pkg explores the tests of package pkg that re matches. One package at
// a time: its program is garbage once its tests are explored (x/sync's
// four held 15 GB at once).
func (s *suite) pkg(dir, pkg string, re *regexp.Regexp, fs *flag.FlagSet, base check.Config, short bool) {
	s.progress.startPackage(pkg)
	defer s.progress.endPackage()
	prog := s.load(dir, pkg, base.Tags)
	if prog == nil {
		return
	}
	// As go test's flags: no -timeout, so t.Deadline reports none.
	prog.SetTestFlags(ssainterp.TestFlags{Short: short, Verbose: base.Progress != nil})
	type test struct{ id, name string }
	var tests []test
	for _, id := range prog.TestVariants() {
		for _, name := range prog.Tests(id) {
			if re.MatchString(name) {
				tests = append(tests, test{id, name})
			}
		}
	}
	s.progress.loaded(len(tests))
	for _, tc := range tests {
		s.test(prog, tc.id, tc.name, fs, base, short)
	}
}

// testFlags defines the flags of mcheck test: the table's, as go test's
// -mcheck.* flags, and go test's own -run and -short, and -json.
func testFlags(fs *flag.FlagSet) (runRE *string, short, jsonOut *bool) {
	check.Define(fs, "")
	runRE = fs.String("run", "", "explore only tests whose name matches this regular expression")
	short = fs.Bool("short", false, "testing.Short() reports true in the tests (as go test -short)")
	jsonOut = fs.Bool("json", false, "print one JSON object per test on stdout (see mcheck.Report) instead of text; the summary goes to stderr")
	return runRE, short, jsonOut
}

// suite is the state of one mcheck test run.
type suite struct {
	stdout, stderr io.Writer // through progress.writer
	progress       *progress
	json           bool
	replay         string // with %s for the test's name
	ran            int    // tests run
	bugs, clean    int    // tests with a bug, without
	cannot         int    // tests mcheck could not run
	replayed       bool   // a test the replay token (if any) is for was run
	noLoad         int    // packages that did not load
}

func (s *suite) summary() io.Writer {
	if s.json {
		return s.stderr
	}
	return s.stdout
}

func (s *suite) counts() string {
	out := fmt.Sprintf("%d with a bug, %d clean, %d mcheck could not run", s.bugs, s.clean, s.cannot)
	if s.noLoad > 0 {
		pkgs := "packages"
		if s.noLoad == 1 {
			pkgs = "package"
		}
		out += fmt.Sprintf(" (%d %s did not load)", s.noLoad, pkgs)
	}
	return out
}

// list lists the packages the patterns name that have test files; one
// that does not exist is reported once on stderr, counted, and skipped,
// and one without test files is said so, as go test says it, and not
// loaded: nothing in it is checked (a main package that uses cgo does not
// stop mcheck test ./...).
func (s *suite) list(dir string, patterns, tags []string) []string {
	list, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: dir, Tests: true, BuildFlags: []string{"-tags=" + strings.Join(tags, ",")}}, patterns...)
	if err != nil {
		fmt.Fprintf(s.stderr, "mcheck: %v\n", err)
		s.cannot++
		return nil
	}
	tested := map[string]bool{} // packages with a test variant: test files
	for _, lp := range list {
		if _, variant, ok := strings.Cut(lp.ID, " ["); ok && strings.HasSuffix(variant, ".test]") {
			tested[strings.TrimSuffix(variant, ".test]")] = true
		}
	}
	var out []string
	for _, lp := range list {
		if p, ok := strings.CutSuffix(lp.ID, ".test"); lp.ID != lp.PkgPath || ok && tested[p] {
			continue // a test variant, or the main package of a package's tests
		}
		if len(lp.Errors) > 0 && lp.Name == "" {
			// No such package: the pattern's own error.
			s.noLoad++
			s.cannot++
			fmt.Fprintf(s.stderr, "mcheck: %s\n", lp.Errors[0])
			if s.json {
				s.emit(&check.Result{ID: check.ID{Pkg: lp.PkgPath}, Err: lp.Errors[0]})
			}
			continue
		}
		if !tested[lp.PkgPath] {
			w := s.stdout
			if s.json {
				w = s.stderr // stdout holds JSON objects only
			}
			fmt.Fprintf(w, "%-5s %s  [no test files]\n", "?", lp.PkgPath)
			continue
		}
		out = append(out, lp.PkgPath)
	}
	return out
}

// load loads package pkg with its tests, not kept in the process's
// cache; one that does not load (a compile error, cgo) is reported once
// on stderr, counted, and skipped (nil).
func (s *suite) load(dir, pkg string, tags []string) *ssainterp.Program {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tests: true, Tags: tags, Host: check.Host, Uncached: true}, pkg)
	if err != nil {
		s.noLoad++
		s.cannot++
		fmt.Fprintf(s.stderr, "mcheck: cannot load %s, skipped:\n\t%s\n", pkg, strings.Join(loadErrors(err), "\n\t"))
		if s.json {
			s.emit(&check.Result{ID: check.ID{Pkg: pkg}, Err: err})
		}
		return nil
	}
	return prog
}

// loadErrors returns the distinct errors of a load (a package and its
// test variant report the same compile error).
func loadErrors(err error) []string {
	var le *ssainterp.LoadError
	if !errors.As(err, &le) {
		return []string{err.Error()}
	}
	var out []string
	for _, e := range le.Errors {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// test explores the test name of the test package id.
func (s *suite) test(prog *ssainterp.Program, id, name string, fs *flag.FlagSet, base check.Config, short bool) {
	s.ran++
	pkg, _, _ := strings.Cut(id, " ")
	tid := check.ID{Pkg: pkg, Test: name}
	res := &check.Result{ID: tid, Replay: fmt.Sprintf(s.replay, name)}
	s.progress.startTest(name)
	defer s.progress.endTest(res)
	if _, mine, _ := tid.ReplayFor(base.Replay); base.Replay != "" && mine {
		s.replayed = true
	}
	t, err := check.TestTarget(prog, tid, pkg)
	if err == nil {
		err = check.Guard(func() error { return s.explore(prog, id, t, tid, res, fs, base, short) })
	}
	if res.Err = err; err != nil {
		res.Run, res.Component = nil, nil
	}
	if base.FullTrace && err == nil {
		if werr := res.WriteTrace(); werr != nil {
			fmt.Fprintf(s.stderr, "mcheck: -trace=full: %v\n", werr)
		}
	}
	if base.ViewTrace && err == nil {
		if werr := res.WriteTraceView(); werr != nil {
			fmt.Fprintf(s.stderr, "mcheck: -trace=view: %v\n", werr)
		}
	}
	switch {
	case err != nil:
		s.cannot++
	case res.Found():
		s.bugs++
	default:
		s.clean++
	}
	if s.json {
		s.emit(res)
		return
	}
	if err != nil {
		if cause := errors.Unwrap(err); ssainterp.IsLimit(cause) {
			// "out of memory: ...", "call depth limit: ...",
			// "step limit ...": the limit says it all.
			fmt.Fprintf(s.stderr, "mcheck could not run %s: %v\n", name, cause)
		} else {
			fmt.Fprintf(s.stderr, "mcheck: %s: %v\n", name, err)
		}
		return
	}
	fmt.Fprintf(s.stdout, "=== %s (%s)\n%s", name, pkg, res.Text())
}

// explore runs the check of one test: the options the test passes to
// mcheck.Run, mcheck.Check or mcheck.Component apply as under go test,
// then the flags given override them.
func (s *suite) explore(prog *ssainterp.Program, id string, t sched.Target, tid check.ID, res *check.Result, fs *flag.FlagSet, base check.Config, short bool) error {
	configure := func(c *check.Config, opts []check.TestOption, def time.Duration) error {
		if err := check.ReadOptions(c, opts); err != nil {
			return err
		}
		c.Shard = base.Shard // the environment's, or the flag's
		c.Executed = &s.progress.executed
		check.Apply(c, fs, "", s.stderr)
		check.DefaultBudget(c, def, short)
		c.ReplaySuite = base.ReplaySuite
		return c.Err()
	}
	if prog.Calls(id, tid.Test, "github.com/mcheck-dev/mcheck.Component") {
		got, err := component.Probe(t)
		if err != nil {
			return err
		}
		var c check.Config
		if err := configure(&c, got.Options, check.ComponentTime); err != nil {
			return err
		}
		rep, err := component.Check(t, tid, "", c, got)
		res.Component = rep
		return err
	}
	c := base
	c.Executed = &s.progress.executed
	if prog.Calls(id, tid.Test, "github.com/mcheck-dev/mcheck.Run") || prog.Calls(id, tid.Test, "github.com/mcheck-dev/mcheck.Check") {
		got, err := check.Probe(t)
		if err != nil {
			return err
		}
		c = check.Config{}
		if err := configure(&c, got.Options, check.RunTime); err != nil {
			return err
		}
	}
	rep, err := check.Explore(t, tid, "", c)
	res.Run = rep
	return err
}

// emit prints res as a line of JSON.
func (s *suite) emit(res *check.Result) {
	b, err := json.Marshal(res.Report())
	if err != nil {
		panic(err) // a Report always marshals
	}
	fmt.Fprintf(s.stdout, "%s\n", b)
}
