package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
)

// shardModels are the models of the sharding measurement: the EDA
// benchmark's dining philosophers (random and PCT miss the larger ones),
// its race and leak examples, and the guided-test scenarios of this
// bench, whose bugs need a few preemptions at the right places.
var shardModels = []scenario{
	{"diningphil", "dinePhil8", sched.GlobalDeadlock, false},
	{"diningphil", "dinePhil12", sched.GlobalDeadlock, false},
	{"diningphil", "dinePhil16", sched.GlobalDeadlock, false},
	{"edarace", "rally30", sched.DataRace, false},
	{"edaleak", "transfer16", sched.Leak, false},
	{"twostage", "twoStage7", sched.TestFailed, true},
	{"reorder", "reorder5", sched.TestFailed, true},
	{"wronglock", "wronglock10", sched.TestFailed, true},
}

// shardRun is one check of the measurement.
type shardRun struct {
	found   bool
	execs   int
	elapsed time.Duration
	by      string // the strategy (and phase) that found it
	token   string
}

func (r shardRun) String() string {
	if !r.found {
		return fmt.Sprintf("- (%d executions)", r.execs)
	}
	by := ""
	if _, phase, ok := strings.Cut(r.by, ", then "); ok {
		by = " by " + phase
	}
	return fmt.Sprintf("found in %.2f s%s, %d executions", r.elapsed.Seconds(), by, r.execs)
}

// shardsMain measures sharding (docs/sharding.md): for each model, one
// check (the default portfolio, as go test runs it) with n times the
// budget, then n shards of the budget, one after the other, all from the
// same seed; then the token of a failure of the last shard is replayed on
// shard 0 and unsharded.
//
//	go run ./examples/bench shards [-n 4] [-budget 20s] [-only dining]
func shardsMain(args []string) {
	fs := flag.NewFlagSet("shards", flag.ExitOnError)
	n := fs.Int("n", 4, "shards")
	budget := fs.Duration("budget", 20*time.Second, "time budget of each shard; the whole check gets n times as much")
	only := fs.String("only", "", "only models whose scenario contains this")
	seed := fs.Uint64("seed", 1, "the seed of every check")
	fs.Parse(args)
	fmt.Printf("`go run ./examples/bench shards -n %d -budget %v -seed %d` on %s, GOMAXPROCS %d; %s\n\n",
		*n, *budget, *seed, time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.GOMAXPROCS(0), loadNote())
	fmt.Printf("| model | bug | one check, %v |", time.Duration(*n)*(*budget))
	for k := range *n {
		fmt.Printf(" shard %d/%d, %v |", k, *n, *budget)
	}
	fmt.Println(" shards that found it |")
	fmt.Print("|---|---|---|", strings.Repeat("---|", *n), "---|\n")
	var replayed bool
	for _, m := range shardModels {
		if !strings.Contains(m.dir+"."+m.fn, *only) {
			continue
		}
		id := check.ID{Pkg: "github.com/mcheck-dev/mcheck/examples/" + m.dir, Test: m.fn}
		target, err := check.LoadTest(filepath.Join("examples", m.dir), id, nil)
		if err != nil {
			fatal(err)
		}
		explore := func(shard sched.Shard, d time.Duration) shardRun {
			var c check.Config
			c.Seed, c.Time, c.NoRaces, c.Shard = *seed, d, m.noRaces, shard
			rep, err := check.Explore(target, id, "", c)
			if err != nil {
				fatal(err)
			}
			r := shardRun{execs: rep.Executions, elapsed: rep.Elapsed, by: rep.Strategy}
			if f := rep.Failure; f != nil && f.Kind == m.want {
				r.found, r.token = true, id.Token(f.Schedule.Token())
			}
			return r
		}
		whole := explore(sched.Shard{}, time.Duration(*n)*(*budget))
		fmt.Printf("| %s.%s | %s | %s |", m.dir, m.fn, m.want, whole)
		var found []string
		var last shardRun
		for k := range *n {
			last = explore(sched.Shard{Index: k, Total: *n}, *budget)
			fmt.Printf(" %s |", last)
			if last.found {
				found = append(found, fmt.Sprint(k))
			}
		}
		fmt.Printf(" %d of %d (%s) |\n", len(found), *n, strings.Join(found, ", "))
		if last.found && !replayed {
			replayed = true
			defer replayShard(target, id, m, last.token, *n)
		}
	}
}

// replayShard replays token, found on the last of n shards, on shard 0
// and unsharded, and prints the outcome after the table.
func replayShard(target sched.Target, id check.ID, m scenario, token string, n int) {
	fmt.Printf("\nThe token of shard %d/%d on %s.%s (%s):\n\n", n-1, n, m.dir, m.fn, token)
	for _, shard := range []sched.Shard{{Index: 0, Total: n}, {}} {
		var c check.Config
		c.NoRaces, c.Shard, c.Replay = m.noRaces, shard, token
		rep, err := check.Explore(target, id, "", c)
		if err != nil {
			fatal(err)
		}
		where := "with no shard"
		if !shard.Whole() {
			where = "on shard " + shard.String()
		}
		if rep.Failure == nil || rep.Failure.Kind != m.want || !rep.Replayed {
			fmt.Printf("- %s: does not replay (%v)\n", where, rep.Failure)
			os.Exit(1)
		}
		fmt.Printf("- %s: replays the %s, in %d steps\n", where, rep.Failure.Kind, len(rep.Failure.Trace))
	}
}
