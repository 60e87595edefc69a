// Command baseline measures what mcheck.Component finds today on the
// components with by-design blocking, misuse panics and daemon
// goroutines (boundedqueue, semaphore, workerpool, batcher): for each
// component, version (buggy, fixed) and scenario (no option, one
// option), it runs the scenario with 20 seeds and a budget of 3000
// executions, and classifies each report as the real bug, blocking by
// design, a misuse panic by design, or a daemon leak. It prints one line
// per seed with -v, and the table of PROTOCOLS.md.
//
//	go run ./examples/components/baseline [-v] [-seeds 20] [-executions 3000 | -budget 3s] [component...]
//
// Run it from the module's root.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	engine "github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/sched"
)

// The classes of a report.
const (
	clean    = "clean"
	real     = "real bug"
	blocking = "blocking by design"
	misuse   = "misuse panic"
	daemon   = "daemon leak"
	other    = "other"
)

var classes = []string{real, blocking, misuse, daemon, other}

// component is a package of examples/components and how to tell its
// real bug from its by-design failures.
type component struct {
	name   string
	option string   // the option of the check*Option scenarios
	panics []string // the panics its documentation promises
	// bug reports whether f is the injected bug (f is not a documented
	// panic nor a daemon leak).
	bug func(f *sched.Failure) bool
}

var components = []component{
	{"boundedqueue", `Finish("Close")`, []string{"boundedqueue: Close of a closed queue"},
		func(f *sched.Failure) bool {
			return f.Kind == sched.Panic && strings.Contains(f.Message, "index out of range")
		}},
	{"semaphore", `Values(0, 1, 2)`, []string{"semaphore: negative weight", "semaphore: released more than held"}, lostWakeup},
	{"workerpool", `Finish("Release")`, []string{"workerpool: nil task"},
		func(f *sched.Failure) bool {
			// The race, or its effects: a worker closed twice, or a nil
			// worker from the slot slices.Delete cleared.
			return f.Kind == sched.DataRace || f.Kind == sched.Panic &&
				(strings.Contains(f.Message, "closed channel") || strings.Contains(f.Message, "nil pointer"))
		}},
	{"batcher", `Finish("Shutdown")`, []string{"batcher: Add after Shutdown"},
		func(f *sched.Failure) bool { return f.Kind == sched.Panic && f.Message == "close of closed channel" }},
}

// call matches a call of a report's environment: "Acquire(1) → <nil>",
// "TryAcquire(1) → true", "Acquire(2) (did not return)".
var call = regexp.MustCompile(`(\w+)\(([^)]*)\)( → [^;\s]+| \(did not return\))?`)

// semaphoreSize is semaphore.Size.
const semaphoreSize = 2

// lostWakeup reports whether f is the semaphore's lost wake-up: an
// Acquire(n) blocked forever although n units were free, counting the
// units of the calls that returned.
func lostWakeup(f *sched.Failure) bool {
	if f.Kind != sched.GlobalDeadlock && f.Kind != sched.Leak {
		return false
	}
	held, waiting := 0, []int(nil)
	for _, m := range call.FindAllStringSubmatch(f.Environment, -1) {
		// Values(0, 1, 2) prints as values[0], values[1], values[2]:
		// value i is i.
		n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(m[2], "values["), "]"))
		if err != nil {
			continue
		}
		switch done := m[3] != " (did not return)"; {
		case m[1] == "Acquire" && !done:
			waiting = append(waiting, n)
		case m[1] == "Acquire", m[1] == "TryAcquire" && m[3] == " → true":
			held += n
		case m[1] == "Release" && done:
			held -= n
		}
	}
	// The first waiter fits: nothing but a lost wake-up keeps it waiting.
	return len(waiting) > 0 && held+waiting[0] <= semaphoreSize
}

// classify returns the class of the report f of component c.
func classify(c component, f *sched.Failure) string {
	switch {
	case f == nil:
		return clean
	case f.Kind == sched.Panic && slices.Contains(c.panics, f.Message):
		return misuse
	case c.bug(f):
		return real
	case f.Kind == sched.Leak || f.Kind == sched.GlobalDeadlock:
		// The environment's goroutines are created by mcheck; a leak of
		// goroutines the component created is a daemon's.
		for _, g := range f.Goroutines {
			if g.Created != "" && !strings.HasPrefix(g.Created, c.name+".go:") {
				return blocking
			}
		}
		if f.Kind == sched.Leak {
			return daemon
		}
		return blocking
	}
	return other
}

func main() {
	verbose := flag.Bool("v", false, "print one line per seed")
	seeds := flag.Int("seeds", 20, "seeds per scenario")
	executions := flag.Int("executions", 3000, "budget of each check, in executions")
	budget := flag.Duration("budget", 0, "budget of each check in time instead (Component's default is 3s): what a user gets, not deterministic")
	flag.Parse()
	names := flag.Args()
	fmt.Println("| component | version | option | clean | real bug | blocking by design | misuse panic | daemon leak | other |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, c := range components {
		if len(names) > 0 && !slices.Contains(names, c.name) {
			continue
		}
		for _, version := range []string{"Buggy", "Fixed"} {
			for _, opt := range []string{"", "Option"} {
				test := "check" + version + opt
				count := map[string]int{}
				for seed := uint64(1); seed <= uint64(*seeds); seed++ {
					rep, err := measure(c.name, test, seed, *executions, *budget)
					if err != nil {
						fmt.Fprintf(os.Stderr, "baseline: %s %s seed %d: %v\n", c.name, test, seed, err)
						os.Exit(1)
					}
					class := classify(c, rep.Failure)
					count[class]++
					if *verbose {
						fmt.Fprintf(os.Stderr, "%s %s seed %d: %s: %s\n", c.name, test, seed, class, describe(rep))
					}
				}
				option := "none"
				if opt != "" {
					option = "`" + c.option + "`"
				}
				row := fmt.Sprintf("| %s | %s | %s | %d", c.name, strings.ToLower(version), option, count[clean])
				for _, class := range classes {
					row += fmt.Sprintf(" | %d", count[class])
				}
				fmt.Println(row + " |")
			}
		}
	}
}

// measure checks the scenario test of the package examples/components/name
// with seed and a budget of executions, or of time if budget is not 0.
func measure(name, test string, seed uint64, executions int, budget time.Duration) (*check.ComponentReport, error) {
	id := check.ID{Pkg: "github.com/mcheck-dev/mcheck/examples/components/" + name, Test: test}
	target, got, err := engine.Load("examples/components/"+name, id, nil)
	if err != nil {
		return nil, err
	}
	var c check.Config
	if err := check.ReadOptions(&c, got.Options); err != nil {
		return nil, err
	}
	c.Seed, c.Executions, c.Time = seed, executions, 0
	if budget > 0 {
		c.Executions, c.Time = 0, budget
	}
	return engine.Check(target, id, "", c, got)
}

// describe spells a report on one line.
func describe(rep *check.ComponentReport) string {
	f := rep.Failure
	if f == nil {
		return fmt.Sprintf("%d environments, %d executions", rep.Attempts, rep.Executions)
	}
	s := fmt.Sprintf("%s: %s", f.Kind, f.Message)
	for _, g := range f.Goroutines {
		s += fmt.Sprintf("; g%d [%s] %s (created at %q)", g.ID, g.Op, g.Pos, g.Created)
	}
	if f.Race != nil {
		s += fmt.Sprintf("; %s / %s", f.Race.Current.Pos, f.Race.Previous.Pos)
	}
	return fmt.Sprintf("%s; environment %d, %d executions; %s", s, rep.Attempts, rep.Executions, strings.ReplaceAll(f.Environment, "\n", " | "))
}
