// Package mcheck model-checks concurrent Go code inside go test.
//
//	func TestTransfer(t *testing.T) {
//		bank := NewBank()            // setup the body may use
//		mcheck.Run(t, func(t *testing.T) {
//			... start goroutines, check results with t.Error ...
//		})
//	}
//
// Run interprets the whole test (github.com/mcheck-dev/mcheck/ssainterp)
// under mcheck's own deterministic scheduler and explores its schedules
// (package sched) until it finds a concurrency bug or spends its budget:
// a deadlock, a goroutine left blocked after the test returned, a panic,
// a failed t.Error or t.Fatal, or a livelock. A bug fails the test with
// the interleaving and a command that replays it; the failing schedule is
// saved under testdata/mcheck/<TestName>/ and replayed first on every
// later run, the way go test -fuzz keeps its corpus.
//
// Options given here set defaults; the go test flags -mcheck.seed,
// -mcheck.budget, -mcheck.executions, -mcheck.strategy,
// -mcheck.preemptions, -mcheck.steps, -mcheck.workers, -mcheck.synconly,
// -mcheck.norace, -mcheck.replay and -mcheck.v override them (for a
// nightly hunt, say). A budget means what it says: a time budget alone
// (-mcheck.budget=2m) runs until the time is spent, an execution budget
// alone has no time cap, and both stop at whichever runs out first; a
// budget flag replaces the budget of the options as a whole. The default
// is 5s of time (Component: 3s; 1s with -short). Budgets that are zero
// or negative are refused: the test fails with an mcheck error.
//
// Because the test function itself runs under the interpreter, body may
// use anything the test set up before the call. Everything the test does
// must be supported by the interpreter; what is not is reported as an
// mcheck error naming the function, file and line.
package mcheck

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/gotest"
)

// Option configures Run.
type Option func(*gotest.Config)

// Seed sets the exploration's seed.
func Seed(seed uint64) Option { return func(c *gotest.Config) { c.Seed = seed } }

// Budget sets the time the exploration may spend. Alone, it is the
// whole budget: the exploration runs until the time is spent (or a bug
// is found, or dfs has explored everything), with no execution cap; with
// Executions too, it stops at whichever runs out first. d must be
// positive.
func Budget(d time.Duration) Option {
	return func(c *gotest.Config) {
		c.Time = d
		if err := gotest.PositiveTime("mcheck.Budget", d); err != nil {
			c.Refused = append(c.Refused, err.Error())
		}
	}
}

// Executions sets how many executions the exploration may run. Alone, it
// is the whole budget, with no time cap; with Budget too, the
// exploration stops at whichever runs out first. n must be positive.
func Executions(n int) Option {
	return func(c *gotest.Config) {
		c.Executions = n
		if err := gotest.PositiveExecutions("mcheck.Executions", n); err != nil {
			c.Refused = append(c.Refused, err.Error())
		}
	}
}

// Strategy sets the search strategy: "random", "pct" or "dfs".
func Strategy(name string) Option { return func(c *gotest.Config) { c.Strategy = name } }

// Preemptions sets the dfs strategy's preemption bound.
func Preemptions(n int) Option { return func(c *gotest.Config) { c.PreemptionBound = n } }

// Steps sets the scheduling steps per execution before a livelock is
// reported.
func Steps(n int) Option { return func(c *gotest.Config) { c.MaxSteps = n } }

// Workers sets how many executions run in parallel.
func Workers(n int) Option { return func(c *gotest.Config) { c.Workers = n } }

// SyncOnly schedules only at synchronisation operations, not at loads and
// stores of shared memory: a far smaller space of schedules, in which
// only bugs of synchronisation (deadlocks, atomicity of critical
// sections) can show; data races are still detected.
func SyncOnly() Option { return func(c *gotest.Config) { c.SyncOnly = true } }

// NoRaces turns data race detection off.
func NoRaces() Option { return func(c *gotest.Config) { c.NoRaces = true } }

// TimeBarrier makes timers fire only when no goroutine can move (the old
// semantics of time); by default a timer may also fire early, while
// goroutines can still move (see TimerHorizon).
func TimeBarrier() Option { return func(c *gotest.Config) { c.TimeBarrier = true } }

// TimerHorizon sets how far ahead of the virtual clock a timer may be to
// fire while goroutines can still move (default 2ms; negative: any
// deadline): how long a stall of a runnable goroutine the exploration
// assumes a loaded machine can have.
func TimerHorizon(d time.Duration) Option { return func(c *gotest.Config) { c.TimerHorizon = d } }

// Tags sets build tags for loading the test's package, as go test -tags
// takes them (the test binary's own tags are not visible at run time;
// -mcheck.tags=a,b adds to these). mcheck always adds purego. Under
// mcheck test the package is loaded before the test runs: its -tags flag
// decides there.
func Tags(tags ...string) Option {
	return func(c *gotest.Config) { c.Tags = append(c.Tags, tags...) }
}

// Replay runs exactly the schedule of a token that a report printed.
func Replay(token string) Option { return func(c *gotest.Config) { c.Replay = token } }

// Run explores the schedules of the test that calls it, in which body is
// the part under test (see the package documentation).
func Run(t *testing.T, body func(t *testing.T), opts ...Option) {
	t.Helper()
	var c gotest.Config
	for _, o := range opts {
		o(&c)
	}
	gotest.Run(t, body, c)
}

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
// random-sequence environment of Parizek and Kalibera, two goroutines
// each calling a random sequence of methods with arguments from small
// built-in domains or from Values; Environment("universal") lets the
// search choose the calls. Each environment is explored for a budget
// that grows by the Luby sequence, then a fresh one is drawn (package
// restarts), on every core, until a bug is found or the budget (3s, 1s
// with -short, or -mcheck.budget) is spent. A deadlock, a goroutine
// blocked forever, a panic, a data race or a failed t.Error fails the
// test with the environment (each goroutine's calls and what they
// returned), the interleaving, and a replay token.
//
// Like Run, Component interprets the whole test, so the test may set
// things up before the call and check the component after it.
func Component(t *testing.T, New any, opts ...Option) {
	t.Helper()
	var c gotest.Config
	for _, o := range opts {
		o(&c)
	}
	gotest.Component(t, New, c)
}

// Values gives values for the parameters of Component's methods (and of
// its constructor): a parameter whose type is a value's type (or an
// interface the value implements) takes these values instead of the
// built-in ones.
func Values(vs ...any) Option {
	return func(c *gotest.Config) { c.Component.Values = append(c.Component.Values, vs...) }
}

// Methods restricts Component to the named methods.
func Methods(names ...string) Option {
	return func(c *gotest.Config) { c.Component.Include = append(c.Component.Include, names...) }
}

// Exclude leaves the named methods out of Component's environments.
func Exclude(names ...string) Option {
	return func(c *gotest.Config) { c.Component.Exclude = append(c.Component.Exclude, names...) }
}

// Init names a method Component calls once after the constructor,
// before the environment's goroutines start.
func Init(method string) Option { return func(c *gotest.Config) { c.Component.Init = method } }

// Finish names a method Component calls once after every goroutine of
// the environment returned (a Close, say).
func Finish(method string) Option { return func(c *gotest.Config) { c.Component.Finish = method } }

// Goroutines sets how many goroutines an environment runs (default 2).
func Goroutines(n int) Option { return func(c *gotest.Config) { c.Component.Goroutines = n } }

// Environment sets the kind of environment: "random" (the default: each
// goroutine calls a random sequence of methods, drawn anew on every
// restart) or "universal" (each goroutine calls methods chosen at choice
// points the search explores, at most calls of them; 0 means twice the
// number of methods).
func Environment(kind string, calls int) Option {
	return func(c *gotest.Config) { c.Component.Env, c.Component.MaxCalls = kind, calls }
}

// Restarts sets the restart strategy of Component: "luby" (the
// default), "fixed", "walsh" (geometric, ratio √2), or "none" (one
// environment for the whole budget), with a unit of executions (0: the
// default, 100; negative units are refused).
func Restarts(strategy string, unit int) Option {
	return func(c *gotest.Config) {
		c.Component.Restart, c.Component.Unit.Executions = strategy, unit
		if unit < 0 {
			c.Refused = append(c.Refused, fmt.Sprintf("mcheck.Restarts(%q, %d): the unit must be positive", strategy, unit))
		}
	}
}

// Choose returns a number in [0, n): a nondeterministic choice. Under
// mcheck the search explores every alternative (a choice point, as JPF's
// Verify.getInt); run natively, it is random. Hand-written environments
// use it to pick operations.
func Choose(n int) int { return rand.IntN(n) }
