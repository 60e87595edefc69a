package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/gotest"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// exploreFlags defines the flags explore and test share.
func exploreFlags(fs *flag.FlagSet, o *sched.Options) *bool {
	fs.StringVar(&o.Strategy, "strategy", "portfolio", "search strategy: portfolio (random and pct alternately), random, pct or dfs")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the exploration")
	fs.DurationVar(&o.Time, "budget", 0, "time budget; alone, no execution cap (default: 20s or 10000 executions, whichever comes first; dfs: 20s or exhausted)")
	fs.IntVar(&o.Executions, "executions", 0, "execution budget; alone, no time cap")
	fs.IntVar(&o.MaxSteps, "steps", 0, "scheduling steps per execution before a livelock is reported (default 20000)")
	fs.IntVar(&o.PreemptionBound, "preemptions", 0, "dfs preemption bound (default 2; -1: unbounded)")
	fs.IntVar(&o.PCTDepth, "depth", 0, "pct bug depth (default 3)")
	fs.IntVar(&o.Workers, "workers", 0, "parallel executions (default: all cores)")
	fs.StringVar(&o.Replay, "replay", "", "replay this schedule token")
	fs.BoolVar(&o.Leaks, "leaks", false, "report goroutines still blocked when main returns")
	fs.BoolVar(&o.SyncOnly, "synconly", false, "schedule only at synchronisation, not at loads and stores of shared memory")
	fs.BoolVar(&o.NoRaces, "norace", false, "do not report data races")
	fs.BoolVar(&o.RecordRaces, "recordraces", false, "list data races without stopping at the first")
	fs.BoolVar(&o.TimeBarrier, "timebarrier", false, "timers fire only when no goroutine can move")
	fs.DurationVar(&o.TimerHorizon, "timerhorizon", 0, "how far ahead a timer may fire while goroutines can move (default 2ms; negative: any)")
	fs.Var((*ssainterp.ByteSize)(&o.MaxMemory), "memory", "bytes one execution may allocate, as the interpreter holds them (16 per slice element); past it the test cannot be run (e.g. 512MiB, 2GiB)")
	return fs.Bool("v", false, "print a progress line on long runs (mcheck test: and testing.Verbose() reports true, as go test -v)")
}

// Default budget of explore and test when neither -budget nor
// -executions is given: whichever of the two runs out first.
const (
	defaultTime       = 20 * time.Second
	defaultExecutions = 10000
	componentTime     = 3 * time.Second // a test that calls mcheck.Component, as in go test
)

// setBudget checks the budget flags given and fills in the default: a
// time budget alone runs until the time is spent, an execution budget
// alone has no time cap, both stop at whichever runs out first, and a
// budget given must be positive. It reports whether a budget was given.
func setBudget(fs *flag.FlagSet, o *sched.Options) (given bool, err error) {
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "budget":
			given = true
			if e := gotest.PositiveTime("-budget", o.Time); e != nil && err == nil {
				err = e
			}
		case "executions":
			given = true
			if e := gotest.PositiveExecutions("-executions", o.Executions); e != nil && err == nil {
				err = e
			}
		}
	})
	if !given {
		o.Time = defaultTime
		if o.Strategy != "dfs" {
			o.Executions = defaultExecutions
		}
	}
	return given, err
}

// exploreCmd implements "mcheck explore".
func exploreCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o sched.Options
	verbose := exploreFlags(fs, &o)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: mcheck explore [flags] PKG")
		return 2
	}
	if _, err := setBudget(fs, &o); err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return 2
	}
	if *verbose {
		o.Progress = stderr
	}
	pkg := fs.Arg(0)
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: ".", Host: gotest.Host}, pkg)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return 2
	}
	mains := prog.MainPackages()
	if len(mains) != 1 {
		fmt.Fprintf(stderr, "mcheck: %s is not a single main package\n", pkg)
		return 2
	}
	t := sched.Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(mains[0]) }}
	rep, err := sched.Explore(t, o)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return 2
	}
	return printReport(stdout, rep, "mcheck explore -replay=TOKEN "+pkg)
}

// printReport prints an exploration's outcome and returns the exit
// status: 1 for a bug, 0 for none.
func printReport(stdout io.Writer, rep *sched.Report, replay string) int {
	for _, r := range rep.Races {
		fmt.Fprintf(stdout, "mcheck: data race (recorded): %s\n", r.Message)
	}
	if f := rep.Failure; f != nil {
		fmt.Fprint(stdout, f.Format(replay))
		out := f.Stdout
		if f.Kind == sched.ExitStatus {
			out += f.Stderr // otherwise the runtime's report is summarised above
		}
		if out = strings.TrimSpace(out); out != "" {
			fmt.Fprintf(stdout, "program output:\n  %s\n", strings.ReplaceAll(out, "\n", "\n  "))
		}
		fmt.Fprintf(stdout, "found by %s after %d executions in %v\n", rep.Strategy, rep.Executions, rep.Elapsed.Round(time.Millisecond))
		return 1
	}
	if len(rep.Races) > 0 {
		fmt.Fprintf(stdout, "mcheck: %d executions (%s), %d data races recorded\n", rep.Executions, rep.Strategy, len(rep.Races))
		return 1
	}
	fmt.Fprintf(stdout, "mcheck: %s\n", rep.Summary())
	return 0
}
