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
// nightly hunt, say).
//
// Because the test function itself runs under the interpreter, body may
// use anything the test set up before the call. Everything the test does
// must be supported by the interpreter; what is not is reported as an
// mcheck error naming the function, file and line.
package mcheck

import (
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck/gotest"
)

// Option configures Run.
type Option func(*gotest.Config)

// Seed sets the exploration's seed.
func Seed(seed uint64) Option { return func(c *gotest.Config) { c.Seed = seed } }

// Budget sets the time the exploration may spend.
func Budget(d time.Duration) Option { return func(c *gotest.Config) { c.Time = d } }

// Executions sets how many executions the exploration may run.
func Executions(n int) Option { return func(c *gotest.Config) { c.Executions = n } }

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
