// Command mcheck runs and model-checks Go programs under mcheck's
// deterministic interpreter.
//
// Usage:
//
//	mcheck run [-seed N] [-steps N] [-depth N] PKG [ARGS...]
//	mcheck explore [flags] PKG
//	mcheck test [-run regexp] [-short] [-v] [flags] PKG...
//	mcheck envgen -ctor NewX [-env random|universal] [-n K] [-seed S] [-o FILE]
//	mcheck demo
//
// envgen, from a //go:generate line, writes environments of the
// component that the constructor NewX of the package in the current
// directory returns, as a _test.go file of plain tests: each constructs
// the component and calls its methods from goroutines (package envgen).
// They run natively (go test -race) and under mcheck (mcheck test).
//
// test explores the existing, unmodified Test functions of the packages,
// each as if its body were given to mcheck.Run, with the options the
// test gives mcheck.Run or mcheck.Component (flags given override them).
// -short and -v are what testing.Short and testing.Verbose report. It
// exits as explore does: 0 nothing found, 1 a bug found, 2 mcheck could
// not run (a test it could not run makes it 2 even if another had a bug).
//
// Budgets (explore and test): a time budget alone (-budget 30s) runs
// until the time is spent, an execution budget alone (-executions N) has
// no time cap, both stop at whichever runs out first; with neither, 20s
// or 10000 executions, whichever comes first. Zero or negative budgets
// are refused (exit 2).
//
// explore runs the main package PKG on many schedules (see package sched)
// and reports the first concurrency bug: deadlock, panic, livelock, a
// non-zero exit, or with -leaks goroutines left blocked. Like go vet, it
// exits 0 when nothing was found, 1 when a bug was found (reported on
// stdout), and 2 when mcheck could not run (the reason on stderr).
//
// run interprets the main package PKG and passes its standard output,
// standard error and exit status through, as go run would. Exit status 3
// means mcheck itself could not run the program (the reason on stderr).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/gotest"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: mcheck run [-seed N] [-steps N] [-depth N] PKG [ARGS...]")
	fmt.Fprintln(w, "       mcheck explore [-strategy random|pct|dfs] [-seed N] [-budget 20s] [-executions N] [-replay TOKEN] ... PKG")
	fmt.Fprintln(w, "       mcheck test [-run REGEXP] [-short] [-v] [explore flags] PKG...")
	fmt.Fprintln(w, "       mcheck envgen -ctor NewX [-env random|universal] [-n K] [-seed S] [-o FILE]   (for //go:generate)")
	fmt.Fprintln(w, "       mcheck demo    (run the bundled examples, from the repository root)")
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "run":
		return runCmd(args[1:], stdout, stderr)
	case "demo":
		return demoCmd(stdout, stderr)
	case "explore":
		return exploreCmd(args[1:], stdout, stderr)
	case "test":
		return testCmd(args[1:], stdout, stderr)
	case "envgen":
		return envgenCmd(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "mcheck: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

// demoCmd runs each bundled example program once under the interpreter,
// then explores its schedules for concurrency bugs.
func demoCmd(stdout, stderr io.Writer) int {
	const pattern = "./examples/demo/..."
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: ".", Host: gotest.Host}, pattern)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck demo: %v (run it from the mcheck repository root)\n", err)
		return 3
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
			fmt.Fprintf(stdout, "mcheck fault: %v\n", res.Fault)
			return 3
		}
		fmt.Fprintf(stdout, "-> one run: exit status %d\n", res.ExitCode)
		t := sched.Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}
		rep, err := sched.Explore(t, sched.Options{Seed: 1, Executions: 2000})
		if err != nil {
			fmt.Fprintf(stdout, "mcheck fault: %v\n", err)
			return 3
		}
		fmt.Fprintf(stdout, "-> exploring schedules:\n")
		printReport(stdout, rep, "mcheck explore -replay=TOKEN ./"+strings.TrimPrefix(pkg, "github.com/mcheck-dev/mcheck/"))
		fmt.Fprintln(stdout)
	}
	return demoComponent(stdout)
}

// demoComponent checks a component from its constructor alone, as
// mcheck.Component(t, New) does in a test: examples/components/orderprocessor,
// whose two methods take its locks in opposite orders.
func demoComponent(stdout io.Writer) int {
	const dir = "./examples/components/orderprocessor"
	fmt.Fprintf(stdout, "== mcheck.Component(t, orderprocessor.New)  (%s)\n", dir)
	var c gotest.Config
	c.Seed, c.Time = 1, 5*time.Second
	rep, err := gotest.CheckComponentTest(dir, "github.com/mcheck-dev/mcheck/examples/components/orderprocessor", "checkBuggy", c)
	if err != nil {
		fmt.Fprintf(stdout, "mcheck fault: %v\n", err)
		return 3
	}
	printComponentReport(stdout, rep, "mcheck.Component(t, New, mcheck.Replay(\"TOKEN\"))")
	return 0
}

// printComponentReport prints the outcome of checking a component; replay
// is the replay command, with TOKEN for the token. It returns 1 if a bug
// was found, else 0.
func printComponentReport(stdout io.Writer, rep *gotest.ComponentReport, replay string) int {
	for _, n := range rep.Component.Notes {
		fmt.Fprintf(stdout, "mcheck: %s\n", n)
	}
	f := rep.Failure
	if f == nil {
		fmt.Fprintf(stdout, "mcheck: %s: %d environments, %d executions in %v, no bug\n", rep.Component.Ctor, rep.Attempts, rep.Executions, rep.Elapsed.Round(time.Millisecond))
		return 0
	}
	fmt.Fprint(stdout, f.Format(strings.ReplaceAll(replay, "TOKEN", rep.Token)))
	fmt.Fprint(stdout, rep.Advice())
	fmt.Fprintf(stdout, "found in environment %d after %d executions in %v\n", rep.Attempts, rep.Executions, rep.Elapsed.Round(time.Millisecond))
	return 1
}

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed for map order, math/rand and select choices")
	steps := fs.Int64("steps", 0, "bound on executed loop iterations (0: none)")
	depth := fs.Int("depth", 100000, "bound on call depth (goroutine stack exceeds)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		usage(stderr)
		return 2
	}
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: ".", Host: gotest.Host}, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return 3
	}
	mains := prog.MainPackages()
	if len(mains) != 1 {
		fmt.Fprintf(stderr, "mcheck: %s is not a single main package\n", fs.Arg(0))
		return 3
	}
	res := prog.Run(mains[0], ssainterp.Config{
		Stdout: stdout, Stderr: stderr, Args: fs.Args()[1:],
		Seed: *seed, MaxSteps: *steps, MaxDepth: *depth,
	})
	if res.Fault != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", res.Fault)
		return 3
	}
	if res.Limit != "" {
		fmt.Fprintf(stderr, "mcheck: %s\n", res.Limit)
		return 3
	}
	return res.ExitCode
}
