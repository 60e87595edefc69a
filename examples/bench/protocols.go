package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen/detect"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/component"
	"github.com/mcheck-dev/mcheck/sched"
)

// protocolsMain reprints Tables 2 and 3 of Parizek and Plasil 2008 for
// mcheck's components: for each
// component and each environment source (the unreduced protocol, each
// reduction of parallelism, random environments with restarts, and
// Component's default schedule of them), the executions to the first
// error, the counterexample's length in calls and scheduling steps, the
// time and the peak heap; mean ± half-width of the 90% confidence interval
// over the runs that found the bug. Table 2 weighs the method pairs with
// the race detectors P3 and P4, Table 3 with the deadlock detectors P1 and
// P2, as the paper does (Sect. 4).
//
//	go run ./examples/bench protocols [-runs 10] [-cap 10s] [-only orderprocessor]
func protocolsMain(args []string) {
	fs := flag.NewFlagSet("protocols", flag.ExitOnError)
	runs := fs.Int("runs", 10, "runs per configuration (each with its own seed)")
	limit := fs.Duration("cap", 10*time.Second, "time after which a run counts as not finding the bug")
	only := fs.String("only", "", "only components whose name contains this")
	fs.Parse(args)
	tables := []struct {
		title    string
		patterns []detect.Pattern
		comps    []string
	}{
		{"Table 2: race conditions (weights from P3 and P4)", []detect.Pattern{detect.P3, detect.P4},
			[]string{"transientipdb", "ipaddressmanager", "pessimistic", "accountdatabase", "hashmap", "objectpool"}},
		{"Table 3: deadlocks (weights from P1 and P2)", []detect.Pattern{detect.P1, detect.P2},
			[]string{"orderprocessor", "pessimistic", "accountdatabase"}},
	}
	sources := []struct{ name, reduction string }{
		{"no reduction (the protocol)", "protocol"},
		{"parallel prefixes", "prefixes"},
		{"sensitive composition", "sensitive"},
		{"recursive reduction of parallelism", "recursive"},
		{"random environments, restarts", "none"},
		{"Component's default schedule", ""},
	}
	fmt.Printf("%d runs per row, seeds 1..%d; a run that has not found the bug after %v is not counted in the means.\n", *runs, *runs, *limit)
	fmt.Printf("Executions, calls and steps are those of the run's first error; peak heap is above the heap in use before the run.\n")
	for _, tb := range tables {
		fmt.Printf("\n### %s\n\n", tb.title)
		fmt.Println("| component | environment | found | executions to error | CE calls | CE steps | time (s) | peak heap (MB) |")
		fmt.Println("|---|---|---:|---:|---:|---:|---:|---:|")
		for _, name := range tb.comps {
			if !strings.Contains(name, *only) {
				continue
			}
			dir, pkg := filepath.Join("examples", "components", name), "github.com/mcheck-dev/mcheck/examples/components/"+name
			id := check.ID{Pkg: pkg, Test: "checkBuggy"}
			// Load the program before the clocks start.
			if _, err := component.CheckTest(dir, id, check.Config{Options: sched.Options{Executions: 1}}); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			for _, src := range sources {
				var execs, calls, steps, times, mem []float64
				found, applies := 0, true
				for r := 1; r <= *runs; r++ {
					c := check.Config{}
					c.Seed = uint64(r)
					c.Time = *limit
					c.Workers = 1
					c.Component.Reduction = src.reduction
					c.Component.Patterns = tb.patterns
					rep, el, peak := measure(dir, id, c)
					if src.reduction != "" && src.reduction != "none" && src.reduction != "protocol" && len(rep.Component.Reduced) == 0 {
						applies = false
						break
					}
					if rep.Failure == nil {
						continue
					}
					found++
					execs = append(execs, float64(rep.Executions))
					calls = append(calls, float64(rep.Plan.Calls()))
					steps = append(steps, float64(len(rep.Failure.Schedule.Choices)))
					times = append(times, el.Seconds())
					mem = append(mem, peak)
				}
				if !applies {
					fmt.Printf("| %s | %s | does not apply | | | | | |\n", name, src.name)
					continue
				}
				if found == 0 {
					fmt.Printf("| %s | %s | 0/%d | | | | | |\n", name, src.name, *runs)
					continue
				}
				fmt.Printf("| %s | %s | %d/%d | %s | %s | %s | %s | %s |\n", name, src.name, found, *runs,
					meanCI(execs, "%.0f"), meanCI(calls, "%.1f"), meanCI(steps, "%.0f"), meanCI(times, "%.2f"), meanCI(mem, "%.1f"))
			}
		}
	}
}
