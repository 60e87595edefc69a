package check

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/heuristics"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// The flag table: the one definition of the flags that configure a
// check, defined with the prefix "mcheck." for go test (gotest) and
// without it for the mcheck command (mcheck test, mcheck explore). Both
// front ends get the same names, defaults and meanings from here.

// flagDef is one flag: its name without prefix, its usage, its default, and how a value given applies to a Config (name is
// the flag as given, "-mcheck.budget" or "-budget", for refusals).
type flagDef struct {
	name  string
	usage string
	def   any // the default: uint64, int, time.Duration, string, bool, or a flag.Value
	apply func(c *Config, name string, v any)
}

// flagTable lists the flags in the order -h shows them.
var flagTable = []flagDef{
	{"seed", "seed of the exploration", uint64(0),
		func(c *Config, _ string, v any) { c.Seed = v.(uint64) }},
	{"budget", fmt.Sprintf("time budget of each check (default %v, mcheck.Component %v, %v with -short); alone, no execution cap", RunTime, ComponentTime, ShortTime), time.Duration(0),
		func(c *Config, name string, v any) { c.SetBudget(name, v.(time.Duration)) }},
	{"executions", "execution budget of each check; alone, no time cap", int(0),
		func(c *Config, name string, v any) { c.SetExecutions(name, v.(int)) }},
	{"fullbudget", "spend the whole default budget: do not stop a check given no budget once no new ordering pair of conflicting operations has appeared for a while (the search has saturated)", false,
		func(c *Config, _ string, v any) { c.FullBudget = v.(bool) }},
	{"strategy", "search strategy: portfolio (random and pct alternately, then eda), random+pct (the same without eda), random, pct, dfs, eda or guided (see -guide)", string(DefaultStrategy),
		func(c *Config, name string, v any) { c.SetStrategy(name, v.(string)) }},
	{"fitness", "eda fitness metric: blocked (global deadlock), leak (goroutines blocked at the end) or race", string(DefaultFitness),
		func(c *Config, name string, v any) { c.SetFitness(name, v.(string)) }},
	{"guide", "guided test along these locations: file.go:line,... or @FILE, a go test -race report, or warnings: each warning of the analyzers on the package under test, to confirm it by a schedule (selects the guided strategy)", string(""),
		func(c *Config, name string, v any) { c.SetGuide(name, v.(string)) }},
	{"heuristic", "secondary heuristic of guided test: " + strings.Join(heuristics.HeuristicNames(), ", "), string(heuristics.DefaultHeuristic),
		func(c *Config, name string, v any) { c.SetHeuristic(name, v.(string)) }},
	{"prefer", "the prefer heuristic prefers goroutines created at these go statements: file.go:line,...", string(""),
		func(c *Config, name string, v any) { c.SetPrefer(name, v.(string)) }},
	{"preemptions", "dfs preemption bound (0: none; -1: unbounded)", int(DefaultPreempt),
		func(c *Config, name string, v any) { c.SetPreemptions(name, v.(int)) }},
	{"depth", "pct bug depth", int(DefaultPCTDepth),
		func(c *Config, name string, v any) { c.SetPCTDepth(name, v.(int)) }},
	{"steps", "scheduling steps per execution before a livelock is reported", int(DefaultSteps),
		func(c *Config, name string, v any) { c.SetSteps(name, v.(int)) }},
	{"workers", "parallel executions (0: all cores)", int(0),
		func(c *Config, name string, v any) { c.SetWorkers(name, v.(int)) }},
	{"replay", "replay this token of a report (only in its own test)", string(""),
		func(c *Config, name string, v any) {
			c.Replay = v.(string)
			if err := ValidToken(c.Replay); err != nil {
				c.refuse("%s: %v", name, err)
			}
		}},
	{"shard", "run shard i of n (i/n, from 0/n) of each check's exploration: n runs with -shard=0/n to n-1/n explore together what one run with n times the budget would, and a failure of any replays anywhere; Bazel's TEST_TOTAL_SHARDS and TEST_SHARD_INDEX set it too (docs/sharding.md)", string(""),
		func(c *Config, name string, v any) { c.SetShard(name, v.(string)) }},
	{"trace", "full: also write the whole trace of a failure to a file (os.TempDir()/mcheck-TEST-*.trace) that the report names; the report itself shows the goroutines and steps that matter. view: write it instead as trace-event JSON (os.TempDir()/mcheck-TEST-*.trace.json) for Perfetto (ui.perfetto.dev) or Chrome DevTools (Performance, Load profile)", string(""),
		func(c *Config, name string, v any) {
			switch v.(string) {
			case "":
			case "full":
				c.FullTrace = true
			case "view":
				c.ViewTrace = true
			default:
				c.refuse("%s=%s: want full or view (or nothing)", name, v)
			}
		}},
	{"reduction", "mcheck.Component's environments: default (each reduction of parallelism by the P1–P4 weights, in the order parallel prefixes, sensitive composition, recursive reduction, on every other attempt), none (random sequences, or the user's protocol), protocol (traces of the unreduced protocol; without one, every method on a goroutine of its own), or prefixes, sensitive or recursive alone", "default",
		func(c *Config, name string, v any) {
			c.oneOf(name, v.(string), Reductions)
			c.Component.Reduction = strings.TrimPrefix(v.(string), "default")
		}},
	{"threshold", "proportional weight below which the recursive reduction of parallelism runs a part in sequence", float64(envgen.DefaultThreshold),
		func(c *Config, name string, v any) {
			if c.Component.Threshold = v.(float64); c.Component.Threshold < 0 || c.Component.Threshold > 1 {
				c.refuse("%s %v: a threshold is a proportion, in [0, 1]", name, v)
			}
		}},
	{"synconly", "schedule only at synchronisation, not at loads and stores of shared memory", false,
		func(c *Config, _ string, v any) { c.SyncOnly = v.(bool) }},
	{"statecache", "dfs and guided test prune states already seen, by fingerprints of the whole state (dfs with sleep sets, not DPOR; guided test without reduction); a race that only one happens-before history of a state leads to can be missed", false,
		func(c *Config, _ string, v any) { c.StateCaching = v.(bool) }},
	{"norace", "do not report data races", false,
		func(c *Config, _ string, v any) { c.NoRaces = v.(bool) }},
	{"timebarrier", "timers fire only when no goroutine can move", false,
		func(c *Config, _ string, v any) { c.TimeBarrier = v.(bool) }},
	{"timerhorizon", "timing slack of assertions: how far ahead a timer may fire while goroutines can move in half of the executions (the other half: any), and the stall past which a failed assertion is discarded (negative: any, none discarded)", time.Duration(DefaultHorizon),
		func(c *Config, _ string, v any) { c.TimerHorizon = v.(time.Duration) }},
	{"memory", "bytes one execution may allocate, as the interpreter holds them (16 per slice element); past it the test cannot be run (e.g. 512MiB, 2GiB)",
		byteSize{},
		func(c *Config, _ string, v any) { c.MaxMemory = v.(int64) }},
	{"tags", "comma-separated build tags for loading the package (repeat go test's -tags here)", string(""),
		func(c *Config, _ string, v any) { c.Tags = append(c.Tags, v.(string)) }},
	{"v", "print a progress line on long runs and the last execution's output with a clean report (go test: also where the load's time went and whether executions start from a copy of the package initialisation, and if not, why; mcheck test: and testing.Verbose() reports true, as go test -v)", false,
		func(c *Config, _ string, v any) {
			if v.(bool) {
				c.Progress = os.Stderr
				c.Output = true
			}
		}},
}

// Define defines the flags of the table on fs, each named prefix+name
// ("mcheck." for go test, "" for the mcheck command).
func Define(fs *flag.FlagSet, prefix string) {
	for _, d := range flagTable {
		name, usage := prefix+d.name, usagePrefix(prefix)+d.usage
		switch v := d.def.(type) {
		case uint64:
			fs.Uint64(name, v, usage)
		case int:
			fs.Int(name, v, usage)
		case time.Duration:
			fs.Duration(name, v, usage)
		case string:
			fs.String(name, v, usage)
		case bool:
			fs.Bool(name, v, usage)
		case float64:
			fs.Float64(name, v, usage)
		case byteSize:
			fs.Var(new(ssainterp.ByteSize), name, usage)
		default:
			panic(fmt.Sprintf("flag %s: default of type %T", d.name, d.def))
		}
	}
}

func usagePrefix(prefix string) string {
	if prefix == "" {
		return ""
	}
	return strings.TrimSuffix(prefix, ".") + ": "
}

// Apply applies the flags of the table that were given on fs over c. A
// budget flag replaces the budget the options set as a whole:
// -mcheck.budget=2m alone runs for two minutes whatever
// mcheck.Executions said. Values a flag cannot take are refused in
// c.Refused, naming the flag. progress, if not nil, is where -v's
// progress lines go (os.Stderr if nil).
func Apply(c *Config, fs *flag.FlagSet, prefix string, progress io.Writer) {
	budget := false
	fs.Visit(func(f *flag.Flag) {
		name, ok := strings.CutPrefix(f.Name, prefix)
		if !ok {
			return
		}
		for _, d := range flagTable {
			if d.name != name {
				continue
			}
			if (name == "budget" || name == "executions") && !budget {
				c.Time, c.Executions, budget = 0, 0, true
			}
			d.apply(c, "-"+f.Name, f.Value.(flag.Getter).Get())
			if name == "v" && c.Progress != nil && progress != nil {
				c.Progress = progress
			}
		}
	})
}

// DefaultBudget gives c the default budget, time alone, unless it has
// one: def (RunTime or ComponentTime), or ShortTime if short. A search
// with the default budget stops early once its coverage saturates
// (sched.Options.Saturate), unless c.FullBudget.
func DefaultBudget(c *Config, def time.Duration, short bool) {
	if c.Time == 0 && c.Executions == 0 {
		c.Time = def
		if short {
			c.Time = ShortTime
		}
		c.Saturate = !c.FullBudget
	}
}

// byteSize stands for an ssainterp.ByteSize flag (default: the
// interpreter's bound).
type byteSize struct{}
