package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/gotest"
)

// The options a test passes to mcheck.Run or mcheck.Component
// (mcheck.Strategy("dfs"), mcheck.Finish("Close"), mcheck.Budget(...))
// hold under mcheck test as under go test: they are read from the
// interpreted call (gotest.TestOption) and applied with package
// mcheck's own functions; then the flags given on the command line
// override them, as go test's -mcheck.* flags do.

// nativeOption rebuilds option o with package mcheck's function of its
// name.
func nativeOption(o gotest.TestOption) (mcheck.Option, error) {
	if o.Unreadable {
		return nil, fmt.Errorf("mcheck test cannot read the option %s: it is not one of package mcheck's (go test applies it)", o.Name)
	}
	a := o.Args
	str := func(k string) string { s, _ := a[k].(string); return s }
	num := func(k string) int { n, _ := a[k].(int64); return int(n) }
	strs := func(k string) []string { s, _ := a[k].([]string); return s }
	switch o.Name {
	case "Seed":
		u, _ := a["seed"].(uint64)
		return mcheck.Seed(u), nil
	case "Budget":
		return mcheck.Budget(time.Duration(num("d"))), nil
	case "Executions":
		return mcheck.Executions(num("n")), nil
	case "Strategy":
		return mcheck.Strategy(str("name")), nil
	case "Preemptions":
		return mcheck.Preemptions(num("n")), nil
	case "Steps":
		return mcheck.Steps(num("n")), nil
	case "Workers":
		return mcheck.Workers(num("n")), nil
	case "SyncOnly":
		return mcheck.SyncOnly(), nil
	case "NoRaces":
		return mcheck.NoRaces(), nil
	case "Replay":
		return mcheck.Replay(str("token")), nil
	case "TimeBarrier":
		return mcheck.TimeBarrier(), nil
	case "TimerHorizon":
		return mcheck.TimerHorizon(time.Duration(num("d"))), nil
	case "Tags":
		// The package is loaded before the test's options are read:
		// under mcheck test, -tags decides.
		return mcheck.Tags(strs("tags")...), nil
	case "Methods":
		return mcheck.Methods(strs("names")...), nil
	case "Exclude":
		return mcheck.Exclude(strs("names")...), nil
	case "Init":
		return mcheck.Init(str("method")), nil
	case "Finish":
		return mcheck.Finish(str("method")), nil
	case "Goroutines":
		return mcheck.Goroutines(num("n")), nil
	case "Environment":
		return mcheck.Environment(str("kind"), num("calls")), nil
	case "Restarts":
		return mcheck.Restarts(str("strategy"), num("unit")), nil
	}
	return nil, fmt.Errorf("mcheck test cannot apply the option mcheck.%s", o.Name)
}

// testConfig is the configuration of one test: raw holds the flags'
// values (the budget only if given), opts the test's options; the flags
// given override the options. With no budget from either, the default
// is defTime, and defExecutions unless the strategy is dfs.
func testConfig(fs *flag.FlagSet, raw gotest.Config, opts []gotest.TestOption, defTime time.Duration, defExecutions int) (gotest.Config, error) {
	c := raw
	for _, o := range opts {
		opt, err := nativeOption(o)
		if err != nil {
			return c, err
		}
		opt(&c)
	}
	budget := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "budget", "executions":
			if !budget {
				c.Time, c.Executions, budget = raw.Time, raw.Executions, true
			}
		case "strategy":
			c.Strategy = raw.Strategy
		case "seed":
			c.Seed = raw.Seed
		case "steps":
			c.MaxSteps = raw.MaxSteps
		case "preemptions":
			c.PreemptionBound = raw.PreemptionBound
		case "depth":
			c.PCTDepth = raw.PCTDepth
		case "workers":
			c.Workers = raw.Workers
		case "replay":
			c.Replay = raw.Replay
		case "synconly":
			c.SyncOnly = raw.SyncOnly
		case "norace":
			c.NoRaces = raw.NoRaces
		}
	})
	if c.Time == 0 && c.Executions == 0 {
		c.Time = defTime
		if c.Strategy != "dfs" {
			c.Executions = defExecutions
		}
	}
	return c, nil
}
