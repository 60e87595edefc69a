package mcheck

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/gotest"
	"github.com/mcheck-dev/mcheck/internal/check"
)

// An Option configures Run, Check and Component. Options are made only
// by this package's functions (Seed, Budget, Strategy...).
type Option interface {
	ComponentOption
	applyRun(*check.Config)
}

// A ComponentOption configures Component only (Methods, Values, Init...):
// passing one to Run or Check does not compile. Every Option is a
// ComponentOption too.
type ComponentOption interface {
	applyComponent(*check.Config)
}

// option is an Option: it applies to Run, Check and Component alike.
type option func(*check.Config)

func (o option) applyRun(c *check.Config)       { o(c) }
func (o option) applyComponent(c *check.Config) { o(c) }

// componentOption is an option of Component only.
type componentOption func(*check.Config)

func (o componentOption) applyComponent(c *check.Config) { o(c) }

// Each option function below returns a function literal that captures
// its parameters under their own names: mcheck test reads the options of
// an interpreted call by the function's name and those names
// (internal/check's interp.go).

// TestingT is what Run, Check and Component use of a test: *testing.T
// implements it. The body of the test itself stays a func(*testing.T),
// since it runs under mcheck's interpreter with mcheck's model of
// package testing.
type TestingT interface {
	Helper()
	Name() string
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

// StrategyName names a search strategy.
type StrategyName string

// The search strategies (package sched).
const (
	Portfolio StrategyName = "portfolio"  // random and pct alternately, then eda for the second half of the budget (the default)
	RandomPCT StrategyName = "random+pct" // random and pct alternately for the whole budget: the portfolio without eda
	Random    StrategyName = "random"     // a random walk of the schedules
	PCT       StrategyName = "pct"        // probabilistic concurrency testing, Burckhardt et al., ASPLOS 2010
	DFS       StrategyName = "dfs"        // bounded exhaustive search with partial-order reduction
	// EDA is the estimation-of-distribution search of Jan Staunton and
	// John A. Clark, "Searching for Safety Violations Using Estimation of
	// Distribution Algorithms", ICST Workshops (SBST) 2010: an n-gram
	// model of schedules learned from the fittest executions
	// (-mcheck.fitness).
	EDA StrategyName = "eda"
)

// EnvironmentKind names a kind of environment of Component.
type EnvironmentKind string

// The kinds of environment (package envgen).
const (
	RandomEnvironment    EnvironmentKind = "random"    // each goroutine calls a random sequence of methods (the default)
	UniversalEnvironment EnvironmentKind = "universal" // the search chooses each call
)

// RestartStrategy names how Component's budget per environment grows.
type RestartStrategy string

// The restart strategies (package restarts).
const (
	Luby         RestartStrategy = "luby"  // the Luby sequence (the default)
	FixedRestart RestartStrategy = "fixed" // the same budget for every environment
	Walsh        RestartStrategy = "walsh" // geometric, ratio √2
	NoRestarts   RestartStrategy = "none"  // one environment for the whole budget
)

// Seed sets the exploration's seed.
func Seed(seed uint64) Option { return option(func(c *check.Config) { c.Seed = seed }) }

// Budget sets the time the exploration may spend. Alone, it is the
// whole budget: the exploration runs until the time is spent (or a bug
// is found, or dfs has explored everything), with no execution cap; with
// Executions too, it stops at whichever runs out first. d must be
// positive.
func Budget(d time.Duration) Option {
	return option(func(c *check.Config) { c.SetBudget("mcheck.Budget", d) })
}

// Executions sets how many executions the exploration may run. Alone, it
// is the whole budget, with no time cap; with Budget too, the
// exploration stops at whichever runs out first. n must be positive.
func Executions(n int) Option {
	return option(func(c *check.Config) { c.SetExecutions("mcheck.Executions", n) })
}

// Strategy sets the search strategy: Portfolio (the default), RandomPCT,
// Random, PCT, DFS or EDA ("dfs" as an untyped string works too).
func Strategy(name StrategyName) Option {
	return option(func(c *check.Config) { c.SetStrategy("mcheck.Strategy", string(name)) })
}

// Preemptions sets the DFS strategy's preemption bound: n preemptions
// per schedule at most (default 2); 0 explores only schedules without
// preemptions, -1 every schedule.
func Preemptions(n int) Option {
	return option(func(c *check.Config) { c.SetPreemptions("mcheck.Preemptions", n) })
}

// Steps sets the scheduling steps per execution before a livelock is
// reported (default 20000).
func Steps(n int) Option {
	return option(func(c *check.Config) { c.SetSteps("mcheck.Steps", n) })
}

// Workers sets how many executions run in parallel (default: all
// cores).
func Workers(n int) Option {
	return option(func(c *check.Config) { c.SetWorkers("mcheck.Workers", n) })
}

// SyncOnly schedules only at synchronisation operations, not at loads and
// stores of shared memory: a far smaller space of schedules, in which
// only bugs of synchronisation (deadlocks, atomicity of critical
// sections) can show; data races are still detected.
func SyncOnly() Option { return option(func(c *check.Config) { c.SyncOnly = true }) }

// NoRaces turns data race detection off.
func NoRaces() Option { return option(func(c *check.Config) { c.NoRaces = true }) }

// TimeBarrier makes timers fire only when no goroutine can move (the old
// semantics of time); by default a timer may also fire early, while
// goroutines can still move (see TimerHorizon).
func TimeBarrier() Option { return option(func(c *check.Config) { c.TimeBarrier = true }) }

// TimerHorizon sets the timing slack of the test's assertions (default
// 2ms; negative: any deadline): in half of the executions, how far
// ahead of the virtual clock a timer may be to fire while goroutines
// can still move (in the other half, any deadline may); a failed
// assertion that needed a runnable goroutine to stall longer is
// discarded as the test's timing slack, and counted. A leak, deadlock,
// data race or panic is reported whatever stall it needed.
func TimerHorizon(d time.Duration) Option {
	return option(func(c *check.Config) { c.TimerHorizon = d })
}

// Tags sets build tags for loading the test's package, as go test -tags
// takes them (the test binary's own tags are not visible at run time;
// -mcheck.tags=a,b adds to these). mcheck always adds purego and noasm. Under
// mcheck test the package is loaded before the test runs: its -tags flag
// decides there.
func Tags(tags ...string) Option {
	return option(func(c *check.Config) { c.Tags = append(c.Tags, tags...) })
}

// Guide makes the exploration a guided test (Rungta and Mercer, "A Meta
// Heuristic for Effectively Detecting Concurrency Errors", HVC 2008;
// package heuristics): a greedy search
// that drives the program through these locations in order, "file.go:41"
// each (the two accesses of a race report, the lock sites of a suspected
// deadlock), to turn a hint into a real schedule. "@race.txt" reads the
// locations from a go test -race report. It selects the guided strategy.
func Guide(locations ...string) Option {
	return option(func(c *check.Config) { c.SetGuide("mcheck.Guide", locations...) })
}

// Heuristic sets the secondary heuristic of guided test: "pfsm" (the
// default: distances over the control-flow graphs, calls resolved by
// their types, refined at run time; Rungta and Mercer's polymorphic
// distance heuristic), "fsm" (the same without calling context),
// "random", "prefer" (see Prefer) or "most-blocked" (more blocked
// goroutines is closer, the EDA's fitness metric).
func Heuristic(name string) Option {
	return option(func(c *check.Config) { c.SetHeuristic("mcheck.Heuristic", name) })
}

// Prefer names, by the "file.go:line" of their go statements, the
// goroutines the prefer heuristic of guided test schedules first.
func Prefer(sites ...string) Option {
	return option(func(c *check.Config) { c.SetPrefer("mcheck.Prefer", sites...) })
}

// Replay runs exactly the schedule of a token that a report printed. A
// token of another test is refused.
func Replay(token string) Option { return option(func(c *check.Config) { c.Replay = token }) }

// Run explores the schedules of the test that calls it, in which body is
// the part under test (see the package documentation). A bug fails t
// with the report.
func Run(t TestingT, body func(t *testing.T), opts ...Option) {
	t.Helper()
	gotest.Run(t, body, runConfig(opts))
}

// Check is Run for tools and dashboards: it explores the schedules of
// the test that calls it as Run does (flags, corpus, replay), but returns
// the outcome instead of failing t. The error is mcheck's own: the test
// could not be explored (an unsupported construct, a package that does
// not load, an option refused).
func Check(t TestingT, body func(t *testing.T), opts ...Option) (*Report, error) {
	t.Helper()
	var rep *Report
	var err error
	// Through Run, so that under mcheck's interpreter, where Run is
	// modelled, Check runs the body as Run does.
	Run(t, body, append(opts[:len(opts):len(opts)], into(&rep, &err))...)
	return rep, err
}

// into makes Run hand its outcome to *rep and *err instead of failing
// the test (mcheck test ignores it).
func into(rep **Report, err *error) Option {
	return option(func(c *check.Config) {
		c.Sink = func(r *Report, e error) { *rep, *err = r, e }
	})
}

func runConfig(opts []Option) check.Config {
	var c check.Config
	for _, o := range opts {
		o.applyRun(&c)
	}
	return c
}

// Report is the outcome of a check: the kind of bug, the message, the
// locations and goroutines involved, the replay token and command, and
// the figures (executions, time). It is also the JSON object that
// mcheck test -json and go test -mcheck.json=FILE write, one per check;
// its fields and their JSON names are documented in the package
// documentation.
type Report = check.Report

// Component checks a concurrent type from its constructor alone:
//
//	func TestCache(t *testing.T) {
//		mcheck.Component(t, NewCache)
//	}
//
// New is a function that returns the component, a pointer or an
// interface, optionally with an error (parameters of New take values as
// methods' do). The operations are the exported methods of the
// component's method set (Methods, Exclude, Init and Finish choose).
// Component generates environments (package envgen): by default, the
// random-sequence environment of Parizek and Kalibera ("Efficient
// Detection of Errors in Java Components Using Random Environment and
// Restarts", TACAS 2010), two goroutines
// each calling a random sequence of methods with arguments from small
// built-in domains or from Values; Environment(UniversalEnvironment, 0)
// lets the search choose the calls. Each environment is explored for a
// budget that grows by the Luby sequence, then a fresh one is drawn
// (package restarts), on every core, until a bug is found or the budget
// (3s, 1s with -short, or -mcheck.budget) is spent; without a budget
// given, until the ordering pairs and method pairs covered stop growing.
// A deadlock, a
// goroutine blocked forever, a panic, a data race or a failed t.Error
// fails the test with the environment (each goroutine's calls and what
// they returned), the interleaving, and a replay token.
//
// Like Run, Component interprets the whole test, so the test may set
// things up before the call and check the component after it.
func Component(t TestingT, New any, opts ...ComponentOption) {
	t.Helper()
	var c check.Config
	for _, o := range opts {
		o.applyComponent(&c)
	}
	gotest.Component(t, New, c)
}

// Values gives values for the parameters of Component's methods (and of
// its constructor): a parameter whose type is a value's type (or an
// interface the value implements) takes these values instead of the
// built-in ones.
func Values(vs ...any) ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Values = append(c.Component.Values, vs...) })
}

// Methods restricts Component to the named methods.
func Methods(names ...string) ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Include = append(c.Component.Include, names...) })
}

// Exclude leaves the named methods out of Component's environments.
func Exclude(names ...string) ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Exclude = append(c.Component.Exclude, names...) })
}

// Init names a method Component calls once after the constructor,
// before the environment's goroutines start.
func Init(method string) ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Init = method })
}

// Finish names a method Component calls once after every goroutine of
// the environment returned (a Close, say). Without Finish or Protocol,
// the first of Close, Stop, Shutdown, Release, Dispose and Wait that the
// component has is its Finish (the default protocol).
func Finish(method string) ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Finish = method })
}

// Protocol gives Component a calling protocol (the behaviour protocols
// of Parizek and Plasil, "Heuristic Reduction of Parallelism in
// Component Environment", CBSE 2008, over method names): environments are its random traces, a
// goroutine per part of a parallel composition. Operators, loosest
// first: | (parallel), + (one of), ; (then), postfix * (zero or more
// times, up to 3 in a trace); parentheses group; NULL calls nothing.
//
//	mcheck.Component(t, NewQueue, mcheck.Protocol("(Put* | Take*); Close"))
//
// A syntax error or a method the component lacks fails the test with
// the column or the name.
func Protocol(p string) ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Protocol = p })
}

// Linearizable makes Component also check the results of the calls whose
// results are of basic types: a concurrent execution whose results no
// order of the same calls one at a time gives is a linearizability
// violation (Wing and Gong), reported with the calls, their results and
// the longest order that matches. Off by default: a component may be
// weakly consistent by design (a Clear that empties one segment at a
// time).
func Linearizable() ComponentOption {
	return componentOption(func(c *check.Config) { c.Component.Linearizable = true })
}

// Goroutines sets how many goroutines an environment runs (default 2).
func Goroutines(n int) ComponentOption {
	return componentOption(func(c *check.Config) { c.SetGoroutines("mcheck.Goroutines", n) })
}

// Environment sets the kind of environment: RandomEnvironment (the
// default: each goroutine calls a random sequence of methods, drawn anew
// on every restart) or UniversalEnvironment (each goroutine calls
// methods chosen at choice points the search explores, at most calls of
// them; 0 means twice the number of methods).
func Environment(kind EnvironmentKind, calls int) ComponentOption {
	return componentOption(func(c *check.Config) { c.SetEnvironment("mcheck.Environment", string(kind), calls) })
}

// Restarts sets the restart strategy of Component: Luby (the default),
// FixedRestart, Walsh, or NoRestarts (one environment for the whole
// budget), with a unit of executions (0: the default, 10; negative
// units are refused).
func Restarts(strategy RestartStrategy, unit int) ComponentOption {
	return componentOption(func(c *check.Config) { c.SetRestarts("mcheck.Restarts", string(strategy), unit) })
}

// Sometimes asserts that cond holds in at least one explored execution:
// the reverse of an assertion, an interleaving the test's author expects
// to be reachable ("the cancellation wins at least once"). Call it in
// the body of Run (or Check), or in the test under mcheck test. Each
// call site (its file:line) is one assertion: if the exploration finds
// no bug and the condition of a site held in none of its executions,
// or no execution reached a site written in the test function itself,
// the test fails with the site, msg and how many executions were
// explored (the verdict "sometimes never held"). A bug found is
// reported as it would be without Sometimes; a replay (-mcheck.replay)
// and the shrinking of a failure never fail for a Sometimes. Run
// natively (outside mcheck's exploration, or in mcheck.Component's
// tests), it does nothing: one execution says nothing of what some
// execution can reach.
func Sometimes(t TestingT, cond bool, msg string) { t.Helper() }

// Choose returns a number in [0, n): a nondeterministic choice. Under
// mcheck the search explores every alternative (a choice point, as JPF's
// Verify.getInt); run natively, it is random. Hand-written environments
// use it to pick operations.
func Choose(n int) int { return rand.IntN(n) }
