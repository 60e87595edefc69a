// Command bench measures how fast each strategy finds the bugs of the
// examples: for every buggy scenario and strategy it explores with 20
// seeds and prints the median number of executions and wall time to the
// bug, and how many seeds found it. Its other modes reprint, for mcheck,
// the tables of the papers mcheck's searches come from:
//
//	go run ./examples/bench [-seeds 20] [-budget 30s] [-only diningphil]
//	go run ./examples/bench -dfs    # dfs schedule counts of the fixed twins: no reduction, sleep sets, DPOR, state caching
//	go run ./examples/bench restarts [-runs 20] [-cap 10s]   # Parizek and Kalibera 2010, Table 6, for examples/components (restarts_table.md)
//	go run ./examples/bench protocols [-runs 10] [-cap 10s]  # Parizek and Plasil 2008, Tables 2 and 3, for examples/components (protocols_table.md)
//	go run ./examples/bench eda [-runs 50] [-cap 60s]         # Staunton and Clark 2010, Table I and Figure 4 (eda_table.md, eda_fig4.tsv)
//	go run ./examples/bench guided [-trials 100] [-bound 60s]  # guided test: Rungta and Mercer 2008, Tables 1 and 2 (guided_table.md)
//	go run ./examples/bench checkcost [-runs 5] [-base REV]    # a check's fixed cost under go test (docs/check-cost.md)
//	go run ./examples/bench reach [-top 15]                    # how much of the code a net/http check's load builds RTA reaches (docs/check-cost.md)
//	go run ./examples/bench shards [-n 4] [-budget 20s]        # n shards of a budget against one check with n times it (docs/sharding.md)
//
// Run it from the repository root. The papers:
//
//   - Pavel Parizek and Tomas Kalibera, "Efficient Detection of Errors in
//     Java Components Using Random Environment and Restarts", TACAS 2010
//     (LNCS 6015).
//   - Pavel Parizek and Frantisek Plasil, "Heuristic Reduction of
//     Parallelism in Component Environment", CBSE 2008 (LNCS 5282).
//   - Jan Staunton and John A. Clark, "Searching for Safety Violations
//     Using Estimation of Distribution Algorithms", ICST Workshops
//     (SBST) 2010.
//   - Neha Rungta and Eric G. Mercer, "A Meta Heuristic for Effectively
//     Detecting Concurrency Errors", Haifa Verification Conference (HVC)
//     2008 (LNCS 5394), with the distance heuristics of their "A Distance
//     Heuristic for Polymorphic Programs" (published as "Guided Model
//     Checking for Programs with Polymorphism", PEPM 2009).
//
// # Pictures
//
// The pictures next to the tables (restarts_executions, protocols_races,
// protocols_deadlocks, guided_steps, guided_density and eda_fig4, each
// .svg and .png) are drawn by a module of its own, examples/bench/plot,
// so that its plotting library (gonum.org/v1/plot) stays out of mcheck's
// go.mod. It reads the markdown tables above and eda_fig4.tsv and
// measures nothing: rerun it after a table changes.
//
//	go -C examples/bench/plot run .            # from the repository root
//	cd examples/bench/plot && go run . -dir ..  # the same
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/internal/checktest"
	"github.com/mcheck-dev/mcheck/sched"
)

// scenario is a buggy scenario function of an example's test package.
type scenario struct {
	dir, fn string
	want    sched.Kind
	noRaces bool // look for the bug itself, not the data race under it
}

var scenarios = []scenario{
	{"diningphil", "dinePhil5", sched.GlobalDeadlock, false},
	{"diningphil", "dinePhil8", sched.GlobalDeadlock, false},
	{"deadlock", "transferBothWays", sched.GlobalDeadlock, false},
	{"twostage", "twoStage7", sched.DataRace, false},
	{"twostage", "twoStage7", sched.TestFailed, true},
	{"reorder", "reorder5", sched.DataRace, false},
	{"reorder", "reorder5", sched.TestFailed, true},
	{"wronglock", "wronglock10", sched.DataRace, false},
	{"wronglock", "wronglock10", sched.TestFailed, true},
	{"abslist", "absList", sched.DataRace, false},
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "restarts" {
		restartsMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "protocols" {
		protocolsMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "eda" {
		edaMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "guided" {
		guidedMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "shards" {
		shardsMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "checkcost" {
		checkCostMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "reach" {
		reachMain(os.Args[2:])
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "plot" {
		// The pictures need gonum.org/v1/plot, which this module does
		// not require: a module of their own draws them.
		fmt.Fprintln(os.Stderr, "bench: the pictures are drawn by the module examples/bench/plot: go -C examples/bench/plot run .")
		os.Exit(2)
	}
	seeds := flag.Int("seeds", 20, "seeds per strategy")
	budget := flag.Duration("budget", 30*time.Second, "time budget per exploration")
	only := flag.String("only", "", "only scenarios whose example name contains this")
	dfsCounts := flag.Bool("dfs", false, "print dfs schedule counts of the fixed twins: without reduction, with sleep sets, with DPOR, with sleep sets and state caching")
	flag.Parse()
	if *dfsCounts {
		printDFSCounts(*budget, *only)
		return
	}
	fmt.Println("| scenario | strategy | found | median executions | median time |")
	fmt.Println("|---|---|---:|---:|---:|")
	for _, sc := range scenarios {
		if !strings.Contains(sc.dir, *only) {
			continue
		}
		dir := filepath.Join("examples", sc.dir)
		target, err := checktest.LoadTest(dir, "github.com/mcheck-dev/mcheck/examples/"+sc.dir, sc.fn)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, strategy := range sched.StrategyNames() {
			var execs []int
			var times []time.Duration
			found := 0
			n := *seeds
			if strategy == "dfs" {
				n = 1 // deterministic
			}
			for seed := 1; seed <= n; seed++ {
				rep, err := sched.Explore(target, sched.Options{Strategy: strategy, Seed: uint64(seed), Time: *budget, Executions: 1 << 30, NoRaces: sc.noRaces})
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(2)
				}
				if rep.Failure != nil && rep.Failure.Kind == sc.want {
					found++
					execs = append(execs, rep.Executions)
					times = append(times, rep.Elapsed)
				}
			}
			fmt.Printf("| %s.%s (%s) | %s | %d/%d | %s | %s |\n", sc.dir, sc.fn, sc.want, strategy, found, n, median(execs), medianDur(times))
		}
	}
}

func median(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	slices.Sort(xs)
	return fmt.Sprint(xs[len(xs)/2])
}

func medianDur(xs []time.Duration) string {
	if len(xs) == 0 {
		return "-"
	}
	slices.Sort(xs)
	return xs[len(xs)/2].Round(time.Millisecond).String()
}

// fixedTwins are bug-free scenarios small enough for dfs to exhaust.
var fixedTwins = []struct{ dir, fn string }{
	{"deadlock", "transferBothWaysOrdered"},
	{"diningphil", "dinePhil3Ordered"},
	{"twostage", "twoStage2Fixed"},
	{"reorder", "reorder2Fixed"},
	{"wronglock", "wronglock2Fixed"},
	{"abslist", "absListFixed"},
	{"arylist", "aryList2Fixed"},
	{"accountdb", "accountDBFixed"},
	{"edarace", "rally30Fixed"},
	{"edaleak", "transfer16Ordered"},
}

func printDFSCounts(budget time.Duration, only string) {
	fmt.Println("| scenario | preemption bound | schedules without reduction | with sleep sets (cut short) | with DPOR (cut short) | DPOR time | sleep sets and state caching (cut short, at a state seen) | its time |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|---:|")
	for _, s := range fixedTwins {
		if !strings.Contains(s.dir, only) {
			continue
		}
		target, err := checktest.LoadTest(filepath.Join("examples", s.dir), "github.com/mcheck-dev/mcheck/examples/"+s.dir, s.fn)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		for _, bound := range []int{2, sched.Unbounded} {
			var elapsed, cached time.Duration
			count := func(noReduction, sleepOnly, caching bool) string {
				rep, err := sched.Explore(target, sched.Options{Strategy: "dfs", PreemptionBound: bound, NoReduction: noReduction, SleepSetsOnly: sleepOnly, StateCaching: caching, Time: budget})
				switch {
				case err != nil:
					return err.Error()
				case rep.Failure != nil:
					return "bug: " + string(rep.Failure.Kind)
				case !rep.Exhausted:
					return fmt.Sprintf("> %d (budget)", rep.Executions)
				case noReduction:
					return fmt.Sprint(rep.Executions)
				case caching:
					cached = rep.Elapsed
					return fmt.Sprintf("%d (%d, %d)", rep.Executions, rep.Pruned, rep.StateHits)
				case !sleepOnly:
					elapsed = rep.Elapsed
				}
				return fmt.Sprintf("%d (%d)", rep.Executions, rep.Pruned)
			}
			b := fmt.Sprint(bound)
			if bound == sched.Unbounded {
				b = "none"
			}
			without, sleep, dpor, stateful := count(true, false, false), count(false, true, false), count(false, false, false), count(false, false, true)
			ms := func(d time.Duration) string {
				if d == 0 {
					return "-" // not exhausted
				}
				return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
			}
			fmt.Printf("| %s.%s | %s | %s | %s | %s | %s | %s | %s |\n", s.dir, s.fn, b, without, sleep, dpor, ms(elapsed), stateful, ms(cached))
		}
	}
}
