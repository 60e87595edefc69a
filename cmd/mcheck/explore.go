package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// exploreCmd implements "mcheck explore": it explores the schedules of a
// main package and reports the first concurrency bug.
func exploreCmd(dir string, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := newFlagSet("explore", stderr)
	check.Define(fs, "")
	leaks := fs.Bool("leaks", false, "report goroutines still blocked when main returns")
	record := fs.Bool("recordraces", false, "list data races without stopping at the first")
	if code := parse(fs, "explore", args, stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() != 1 {
		return badArgs("explore", stderr, "want one package, got %d", fs.NArg())
	}
	c, ok := flagConfig(fs, check.RunTime, false, stderr, getenv)
	if !ok {
		return exitCannot
	}
	c.Leaks, c.RecordRaces = *leaks, *record
	pkg := fs.Arg(0)
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tags: c.Tags, Host: check.Host}, pkg)
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return exitCannot
	}
	mains := prog.MainPackages()
	if len(mains) != 1 {
		fmt.Fprintf(stderr, "mcheck: %s is not a single main package\n", pkg)
		return exitCannot
	}
	t := sched.Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(mains[0]) }}
	id := check.ID{Pkg: mains[0], Test: "main"}
	var rep *check.RunReport
	err = check.Guard(func() (err error) {
		rep, err = check.Explore(t, id, "", c)
		return err
	})
	if err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return exitCannot
	}
	res := &check.Result{ID: id, Run: rep, Main: true, Replay: "mcheck explore -replay=TOKEN " + pkg}
	if c.FullTrace {
		if err := res.WriteTrace(); err != nil {
			fmt.Fprintf(stderr, "mcheck: -trace=full: %v\n", err)
		}
	}
	fmt.Fprint(stdout, res.Text())
	if res.Found() {
		return exitBug
	}
	return exitClean
}

// flagConfig returns the configuration the flags of the table given on
// fs set over Bazel's sharding environment (read by getenv; its status
// file is touched: mcheck splits each check), with the default budget
// def (1s if short), or false after printing why a flag was refused.
func flagConfig(fs *flag.FlagSet, def time.Duration, short bool, stderr io.Writer, getenv func(string) string) (check.Config, bool) {
	var c check.Config
	shard, status, err := check.EnvShard(getenv)
	if err == nil && status != "" {
		err = check.TouchShardStatus(status)
	}
	c.UseEnvShard(shard, err)
	check.Apply(&c, fs, "", stderr)
	check.DefaultBudget(&c, def, short)
	if err := c.Err(); err != nil {
		fmt.Fprintf(stderr, "mcheck: %v\n", err)
		return c, false
	}
	return c, true
}
