package check

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/envgen/detect"
	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// Config is the check a test asks for: sched.Options set by package
// mcheck's options (through the Set methods below), then overridden by
// the flags given (flags.go). It is private to mcheck: users build it
// only through mcheck.Option values.
type Config struct {
	sched.Options
	// Strategy is the check's strategy, one of Strategies (set by
	// SetStrategy): it shadows sched.Options.Strategy, which holds the
	// sched strategy it runs (strategyDef.sched).
	Strategy string
	// FullTrace writes the whole trace of a failure to a file (Result.WriteTrace).
	FullTrace bool
	// ViewTrace writes it for a trace viewer instead (Result.WriteTraceView).
	ViewTrace bool
	// Output shows a clean check's last execution's output (go test -v,
	// -mcheck.v, mcheck test -v): what the program printed, bounded
	// (RunReport.Output).
	Output    bool
	Component ComponentConfig // mcheck.Component only
	Guided    GuideConfig     // the guided strategy (guided.go)
	// Refused lists options that were given values they cannot take
	// (mcheck.Budget(0), -executions -1): the check stops with these as
	// an mcheck error before it runs anything.
	Refused []string
	// Tags are build tags for loading the test's package (the test
	// binary's own -tags are not visible at run time).
	Tags []string
	// JSON, if set, is a file a JSON report of each check is appended to
	// (-mcheck.json), one object per line (see Report).
	JSON string
	// ReplaySuite says the replay token came from a flag given to a
	// whole suite (no -run): a token of another test leaves this one to
	// run as usual instead of being refused.
	ReplaySuite bool
	// Sink, if set, is given the outcome of the check instead of failing
	// the test (mcheck.Check).
	Sink func(*Report, error)
	// Fitness is the EDA's fitness metric (-mcheck.fitness; eda.go).
	Fitness string
	// FullBudget spends the whole default budget: without it a check
	// given no budget stops once its coverage of ordering pairs has
	// saturated (DefaultBudget sets sched.Options.Saturate).
	FullBudget bool
	// Shard is the part of each check's search this run explores
	// (-mcheck.shard, Bazel's environment: shard.go). It shadows
	// sched.Options.Shard, which only the search itself gets (run.go):
	// a replay, the saved failures, and mcheck.Component's probes,
	// sequential baseline and shrinking are never split.
	Shard sched.Shard
}

// ComponentConfig is what mcheck.Component's options set besides the
// exploration's.
type ComponentConfig struct {
	envgen.Options
	Values     []any  // mcheck.Values, natively (for spelling them)
	Env        string // envgen.Random (default) or envgen.Universal
	Goroutines int    // goroutines of an environment (default 2)
	MaxCalls   int    // universal: calls per goroutine (default 2|M|)
	Restart    string // restart strategy: "luby" (default), "fixed", "walsh", "none"
	Unit       restarts.Budget
	// Linearizable checks the results of calls with comparable results
	// (linear.go; mcheck.Linearizable). Off by default: a component may
	// be weakly consistent by design, like ConcurrentHashMap's Clear in
	// examples/components/hashmap.
	Linearizable bool
	// Reduction says which reductions of parallelism environments are
	// drawn from (reduce.go): "" (the default schedule: each in the
	// order of Parizek and Plasil 2008 on every other attempt), "none" (no reduction: random
	// sequences or traces of the user's protocol), "protocol" (traces of
	// the unreduced protocol, the default one spelt by
	// Component.DefaultProtocol without a user's), or one reduction
	// alone, by its envgen.ReductionNames name. Threshold is the
	// recursive reduction's (default envgen.DefaultThreshold).
	Reduction string
	Threshold float64
	// Patterns are the detectors whose findings weigh the method pairs
	// (nil: all four; Parizek and Plasil 2008 pair P1 with P2 for
	// deadlocks and P3 with P4 for races, Sect. 4).
	Patterns []detect.Pattern
}

// Defaults: the one table of what a check does when nothing says
// otherwise. The flags show these (flags.go). Those that sched, envgen,
// restarts and heuristics apply when a field is left zero are theirs,
// named here, not copied.
const (
	RunTime          = 5 * time.Second // mcheck.Run, mcheck test, mcheck explore: time alone, no execution cap
	ComponentTime    = 3 * time.Second // mcheck.Component
	ShortTime        = time.Second     // either, with -short
	DefaultStrategy  = "portfolio"
	DefaultSteps     = sched.DefaultMaxSteps
	DefaultPreempt   = sched.DefaultPreemptionBound
	DefaultPCTDepth  = sched.DefaultPCTDepth
	DefaultHorizon   = sched.DefaultTimerHorizon
	DefaultRestart   = restarts.DefaultStrategy
	DefaultUnit      = 10 // executions per restart unit: the best Luby unit for every component of examples/bench/restarts_table.md
	DefaultEnv       = envgen.DefaultEnv
	DefaultGoroutine = 2
	DefaultFitness   = heuristics.DefaultFitness // the EDA's
)

// strategyDef is one strategy of a check, as mcheck.Strategy and
// -mcheck.strategy name it: its usage, the sched strategy it runs (with
// Options.Custom, the name sched's report gives it), and how a search
// with it explores a test (run.go).
type strategyDef struct {
	name, usage string
	sched       string
	explore     func(target sched.Target, id ID, corpus Corpus, c Config) (*RunReport, error)
	// saturates says a search with the default budget stops once its
	// coverage saturates (sched.Options.Saturate): not a systematic one,
	// which ends when it has explored everything, nor guided test's.
	saturates bool
}

// strategyTable lists the strategies, the default first. Adding one is
// one line here (and its row in docs/strategies.md, which a test checks).
var strategyTable = []strategyDef{
	{"portfolio", "random and pct alternately, then eda for the second half of the budget", sched.RandomPCT, portfolioEDA, true},
	{"random+pct", "random and pct alternately for the whole budget: the portfolio without eda", sched.RandomPCT, exploreSched, true},
	{"random", "a random walk of the schedules", "random", exploreSched, true},
	{"pct", "probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010)", "pct", exploreSched, true},
	{"dfs", "bounded exhaustive search with partial-order reduction", "dfs", exploreSched, false},
	{"eda", "the EDA search of Staunton and Clark 2010, with -fitness", "eda", exploreEDA, true},
	{"guided", "guided test along -guide's locations (Rungta and Mercer 2008)", "guided", exploreGuided, false},
}

// strategyOf returns the strategy named name ("": the default), or nil.
func strategyOf(name string) *strategyDef {
	if name == "" {
		name = DefaultStrategy
	}
	for i := range strategyTable {
		if strategyTable[i].name == name {
			return &strategyTable[i]
		}
	}
	return nil
}

func names[T any](table []T, name func(T) string) []string {
	out := make([]string, len(table))
	for i, d := range table {
		out[i] = name(d)
	}
	return out
}

// Strategies, environments, restart strategies, reductions and EDA
// fitness metrics by name, as options and flags take them; each is read
// from the table of its package.
var (
	Strategies   = names(strategyTable, func(d strategyDef) string { return d.name })
	Environments = envgen.EnvNames()
	Restarts     = append(restarts.Names(), "none")
	Reductions   = reductionNames()
	Fitnesses    = heuristics.FitnessNames()
)

// reductionNames are the names -mcheck.reduction takes: the default
// schedule, none, the unreduced protocol, then each of envgen.Reductions.
func reductionNames() []string {
	out := []string{"default", "none", envgen.ReductionNames[envgen.Unreduced]}
	for _, r := range envgen.Reductions {
		out = append(out, envgen.ReductionNames[r])
	}
	return out
}

// Err returns the refusals of c (options given values they cannot take)
// as one error, or nil.
func (c *Config) Err() error {
	if len(c.Refused) == 0 {
		return nil
	}
	return errors.New(strings.Join(c.Refused, "; "))
}

func (c *Config) refuse(format string, args ...any) {
	c.Refused = append(c.Refused, fmt.Sprintf(format, args...))
}

// oneOf refuses value v of what unless it is one of names.
func (c *Config) oneOf(what, v string, names []string) {
	if !slices.Contains(names, v) {
		c.refuse("%s %q: want one of %s", what, v, strings.Join(names, ", "))
	}
}

// The setters: each of package mcheck's options is one of these, called
// from the function literal the option's function returns and, under
// mcheck test, from the option read from the interpreted call
// (interp.go). what names the option or flag for refusals.

// SetBudget sets the time budget; it must be positive.
func (c *Config) SetBudget(what string, d time.Duration) {
	c.Time = d
	if d <= 0 {
		c.refuse("%s %v: a time budget must be positive (leave it out for the default)", what, d)
	}
}

// positive sets *field to n and refuses n unless it is positive; noun
// says what n is.
func (c *Config) positive(field *int, what string, n int, noun string) {
	*field = n
	if n <= 0 {
		c.refuse("%s %d: %s must be positive", what, n, noun)
	}
}

// SetExecutions sets the execution budget; it must be positive.
func (c *Config) SetExecutions(what string, n int) {
	c.positive(&c.Executions, what, n, "an execution budget")
}

// SetStrategy sets the search strategy.
func (c *Config) SetStrategy(what, name string) {
	c.oneOf(what, name, Strategies)
	c.useStrategy(name)
}

// useStrategy sets the strategy, and the sched strategy it runs.
func (c *Config) useStrategy(name string) {
	c.Strategy = name
	if d := strategyOf(name); d != nil {
		c.Options.Strategy = d.sched
	}
}

// SetShard sets the shard, "i/n" ("" for the whole).
func (c *Config) SetShard(what, s string) {
	c.Shard = sched.Shard{}
	if s == "" {
		return
	}
	sh, err := sched.ParseShard(s)
	if err != nil {
		c.refuse("%s: %v", what, err)
	}
	c.Shard = sh
}

// SetFitness sets the EDA's fitness metric.
func (c *Config) SetFitness(what, name string) {
	c.oneOf(what, name, Fitnesses)
	c.Fitness = name
}

// SetPreemptions sets dfs's preemption bound: 0 means none, -1
// unbounded.
func (c *Config) SetPreemptions(what string, n int) {
	switch {
	case n == 0:
		c.PreemptionBound = sched.NoPreemptions
	case n == -1:
		c.PreemptionBound = sched.Unbounded
	case n < -1:
		c.refuse("%s %d: a preemption bound is 0 or more, or -1 for none", what, n)
	default:
		c.PreemptionBound = n
	}
}

// SetPCTDepth sets pct's bug depth.
func (c *Config) SetPCTDepth(what string, n int) { c.positive(&c.PCTDepth, what, n, "the depth") }

// SetSteps sets the scheduling steps per execution before a livelock.
func (c *Config) SetSteps(what string, n int) { c.positive(&c.MaxSteps, what, n, "the step bound") }

// SetWorkers sets how many executions run in parallel (0: all cores).
func (c *Config) SetWorkers(what string, n int) {
	c.Workers = n
	if n < 0 {
		c.refuse("%s %d: the number of workers must not be negative (0: all cores)", what, n)
	}
}

// SetEnvironment sets the kind of environment and the calls per
// goroutine of a universal one.
func (c *Config) SetEnvironment(what, kind string, calls int) {
	c.oneOf(what, kind, Environments)
	c.Component.Env, c.Component.MaxCalls = kind, calls
	if calls < 0 {
		c.refuse("%s(%q, %d): the calls must not be negative (0: twice the number of methods)", what, kind, calls)
	}
}

// SetGoroutines sets the goroutines of an environment.
func (c *Config) SetGoroutines(what string, n int) {
	c.positive(&c.Component.Goroutines, what, n, "the number of goroutines")
}

// SetRestarts sets the restart strategy and its unit in executions (0:
// the default).
func (c *Config) SetRestarts(what, strategy string, unit int) {
	c.oneOf(what, strategy, Restarts)
	c.Component.Restart, c.Component.Unit.Executions = strategy, unit
	if unit < 0 {
		c.refuse("%s(%q, %d): the unit must be positive", what, strategy, unit)
	}
}

// ReplayTokenFor returns the bare token c replays in test id ("" for none),
// or an error if c.Replay is no token, or another test's given for this
// one.
func (c *Config) ReplayTokenFor(id ID) (string, error) {
	if c.Replay == "" {
		return "", nil
	}
	bare, mine, err := id.ReplayFor(c.Replay)
	switch {
	case err != nil:
		return "", err
	case mine:
		return bare, nil
	case c.ReplaySuite:
		return "", nil
	}
	return "", id.Refuse(c.Replay)
}
