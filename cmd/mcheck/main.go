package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

func main() {
	os.Exit(profiled(func() int { return run(".", os.Args[1:], os.Stdout, os.Stderr) }))
}

// profiled runs f, writing a CPU profile of it to the file that
// MCHECK_CPUPROFILE names, if set (for work on mcheck's own speed).
func profiled(f func() int) int {
	name := os.Getenv("MCHECK_CPUPROFILE")
	if name == "" {
		return f()
	}
	out, err := os.Create(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcheck:", err)
		return exitCannot
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		fmt.Fprintln(os.Stderr, "mcheck:", err)
		return exitCannot
	}
	defer pprof.StopCPUProfile()
	return f()
}

// Exit statuses, as go vet's: nothing found, a bug found (or the program
// failed, for run), mcheck could not run.
const (
	exitClean  = 0
	exitBug    = 1
	exitCannot = 2
)

// commands lists the subcommands with the arguments they take.
var commands = []struct{ name, args, short string }{
	{"test", "[flags] PKG...", "explore the Test functions of the packages, unmodified"},
	{"explore", "[flags] PKG", "explore the schedules of the main package PKG"},
	{"run", "[-seed N] [-steps N] [-depth N] PKG [ARGS...]", "interpret the main package PKG once, as go run would"},
	{"envgen", "-ctor NewX [-env random|universal] [-n K] [-seed S] [-o FILE]", "write environments of a component as tests (for //go:generate)"},
	{"demo", "", "run the bundled examples"},
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "mcheck model-checks concurrent Go code.")
	fmt.Fprintln(w)
	for i, c := range commands {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%smcheck %s %s\n", lead, c.name, c.args)
	}
	fmt.Fprintln(w)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.short)
	}
	fmt.Fprintln(w, "\nRun 'mcheck COMMAND -h' for a command's flags. Exit status: 0 nothing found, 1 a bug found, 2 mcheck could not run.")
}

// run runs the mcheck command args in the directory dir.
func run(dir string, args []string, stdout, stderr io.Writer) int {
	return runEnv(dir, args, stdout, stderr, os.Getenv)
}

// runEnv is run in the environment getenv reads (Bazel's sharding
// variables, TERM).
func runEnv(dir string, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) == 0 {
		usage(stderr)
		return exitCannot
	}
	switch args[0] {
	case "run":
		return runCmd(dir, args[1:], stdout, stderr)
	case "demo":
		return demoCmd(args[1:], stdout, stderr)
	case "explore":
		return exploreCmd(dir, args[1:], stdout, stderr, getenv)
	case "test":
		return testCmd(dir, args[1:], stdout, stderr, getenv)
	case "envgen":
		return envgenCmd(dir, args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitClean
	}
	fmt.Fprintf(stderr, "mcheck: unknown command %q\n", args[0])
	usage(stderr)
	return exitCannot
}

// newFlagSet returns the flag set of subcommand name.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("mcheck "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // parse prints it
	return fs
}

// parse parses the flags of subcommand name. It returns -1 to go on, or
// the exit status: 0 for -h (the usage on stdout), 2 for a bad flag.
func parse(fs *flag.FlagSet, name string, args []string, stdout, stderr io.Writer) int {
	var line string
	for _, c := range commands {
		if c.name == name {
			line = fmt.Sprintf("usage: mcheck %s %s\n", c.name, c.args)
		}
	}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, line)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return exitClean
	case err != nil:
		fmt.Fprintf(stderr, "%sRun 'mcheck %s -h' for its flags.\n", line, name)
		return exitCannot
	}
	return -1
}

// badArgs reports wrong arguments with the usage line of name.
func badArgs(name string, stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "mcheck %s: "+format+"\n", append([]any{name}, args...)...)
	for _, c := range commands {
		if c.name == name {
			fmt.Fprintf(stderr, "usage: mcheck %s %s\n", c.name, c.args)
		}
	}
	return exitCannot
}

// demoCmd runs each bundled example program once under the interpreter,
// then explores its schedules for concurrency bugs. It runs from any
// directory: the examples are read from the module mcheck was built
// from.
func demoCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo", stderr)
	if code := parse(fs, "demo", args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		return badArgs("demo", stderr, "takes no arguments")
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintf(stderr, "mcheck demo: %v\n", err)
		return exitCannot
	}
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: root, Host: check.Host}, "./examples/demo/...")
	if err != nil {
		fmt.Fprintf(stderr, "mcheck demo: %v\n", err)
		return exitCannot
	}
	for _, pkg := range prog.MainPackages() {
		fmt.Fprintf(stdout, "== %s\n", pkg)
		// Separate buffers: the program's two streams are written
		// independently and printed one after the other.
		var out, errOut bytes.Buffer
		res := prog.Run(pkg, ssainterp.Config{Stdout: &out, Stderr: &errOut, Seed: 1, MaxSteps: 100_000_000})
		stdout.Write(out.Bytes())
		stdout.Write(errOut.Bytes())
		if res.Fault != nil {
			fmt.Fprintf(stderr, "mcheck demo: %v\n", res.Fault)
			return exitCannot
		}
		fmt.Fprintf(stdout, "-> one run: exit status %d\n", res.ExitCode)
		t := sched.Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}
		rep, err := sched.Explore(t, sched.Options{Seed: 1, Executions: 2000})
		if err != nil {
			fmt.Fprintf(stderr, "mcheck demo: %v\n", err)
			return exitCannot
		}
		fmt.Fprintf(stdout, "-> exploring schedules:\n")
		res2 := &check.Result{ID: check.ID{Pkg: pkg, Test: "main"}, Run: &check.RunReport{Report: rep}, Main: true,
			Replay: "mcheck explore -replay=TOKEN ./" + strings.TrimPrefix(pkg, "github.com/mcheck-dev/mcheck/")}
		fmt.Fprint(stdout, res2.Text())
		fmt.Fprintln(stdout)
	}
	// A component from its constructor alone, as mcheck.Component(t, New)
	// does in a test: examples/components/orderprocessor, whose two
	// methods take its locks in opposite orders.
	const dir = "examples/components/orderprocessor"
	fmt.Fprintf(stdout, "== mcheck.Component(t, orderprocessor.New)  (./%s)\n", dir)
	var c check.Config
	c.Seed, c.Time = 1, check.RunTime
	id := check.ID{Pkg: "github.com/mcheck-dev/mcheck/" + dir, Test: "checkBuggy"}
	rep, err := component.CheckTest(filepath.Join(root, dir), id, c)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck demo: %v\n", err)
		return exitCannot
	}
	res := &check.Result{ID: id, Component: rep, Replay: "mcheck.Component(t, New, mcheck.Replay(\"TOKEN\"))"}
	fmt.Fprint(stdout, res.Text())
	return exitClean
}

// moduleRoot returns the root of the mcheck module whose examples demo
// runs: the source tree mcheck was built from (go run ./cmd/mcheck, go
// build, go install from a clone), or the module cache's copy of the
// version built (go run github.com/mcheck-dev/mcheck/cmd/mcheck@VERSION,
// go tool mcheck).
func moduleRoot() (string, error) {
	var tried []string
	if _, file, _, ok := runtime.Caller(0); ok {
		if filepath.IsAbs(file) {
			tried = append(tried, filepath.Join(filepath.Dir(file), "..", ".."))
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		if cache := goModCache(); cache != "" {
			tried = append(tried, filepath.Join(cache, "github.com", "mcheck-dev", "mcheck@"+bi.Main.Version))
		}
	}
	for _, dir := range tried {
		if _, err := os.Stat(filepath.Join(dir, "examples", "demo")); err == nil {
			return filepath.Clean(dir), nil
		}
	}
	return "", fmt.Errorf("cannot find the examples of the mcheck module (looked in %s)", strings.Join(tried, ", "))
}

// goModCache returns GOMODCACHE as the go command sets it by default.
func goModCache() string {
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	if d := os.Getenv("GOPATH"); d != "" {
		return filepath.Join(filepath.SplitList(d)[0], "pkg", "mod")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, "go", "pkg", "mod")
	}
	return ""
}

// runCmd implements "mcheck run": it interprets the main package PKG
// once and exits as go run does: 0 if the program exits 0, 1 if it
// exits otherwise (its status on stderr), 2 if mcheck could not run it.
func runCmd(dir string, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("run", stderr)
	seed := fs.Uint64("seed", 1, "seed for map order, math/rand and select choices")
	steps := fs.Int64("steps", 0, "bound on loop iterations between two scheduling points (0: none)")
	depth := fs.Int("depth", 100000, "bound on call depth (goroutine stack exceeds)")
	if code := parse(fs, "run", args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() < 1 {
		return badArgs("run", stderr, "no package given")
	}
	if *steps < 0 || *depth <= 0 {
		return badArgs("run", stderr, "-steps must not be negative, -depth must be positive")
	}
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Host: check.Host}, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return exitCannot
	}
	mains := prog.MainPackages()
	if len(mains) != 1 {
		fmt.Fprintf(stderr, "mcheck: %s is not a single main package\n", fs.Arg(0))
		return exitCannot
	}
	res := prog.Run(mains[0], ssainterp.Config{
		Stdout: stdout, Stderr: stderr, Args: fs.Args()[1:],
		Seed: *seed, MaxSteps: *steps, MaxDepth: *depth,
	})
	switch {
	case res.Fault != nil:
		fmt.Fprintf(stderr, "mcheck: %v\n", res.Fault)
		return exitCannot
	case res.Limit != "":
		fmt.Fprintf(stderr, "mcheck: %s\n", res.Limit)
		return exitCannot
	case res.ExitCode != 0:
		fmt.Fprintf(stderr, "exit status %d\n", res.ExitCode)
		return exitBug
	}
	return exitClean
}
