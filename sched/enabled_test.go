package sched

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestEnabledIncremental: on every program of testdata, before every
// operation of a few random and pct executions, the goroutines that can move
// as the machine keeps them from step to step are those a scan of every
// goroutine finds (Machine.CheckEnabled): no change of a goroutine's
// readiness went unseen.
func TestEnabledIncremental(t *testing.T) {
	names := testdataPrograms(t)
	executions := 6
	if testing.Short() {
		executions = 2
	}
	steps := 0
	for _, name := range names {
		tg := target(t, name)
		for _, strategy := range []string{"random", "pct"} {
			c := &enabledChecker{}
			opts := Options{Strategy: strategy, Seed: 1, Workers: 1, Executions: executions, Time: 100 * time.Millisecond, MaxSteps: 2000}
			opts.Custom = func() Strategy {
				s, err := NewStrategy(strategy, Options{})
				require.NoError(t, err)
				c.inner = s
				return c
			}
			_, err := Explore(tg, opts)
			require.NoError(t, err, name)
			require.NoError(t, c.stale, "%s, %s", name, strategy)
			steps += c.checked
		}
	}
	t.Logf("%d programs, %d steps checked", len(names), steps)
}

// testdataPrograms returns the names of the main packages of testdata,
// for target.
func testdataPrograms(t *testing.T) []string {
	var names []string
	require.NoError(t, filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "main.go" {
			names = append(names, filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "testdata/")))
		}
		return err
	}))
	require.Greater(t, len(names), 50)
	return names
}

// enabledChecker wraps a strategy and checks the enabled goroutines
// before every operation.
type enabledChecker struct {
	inner   Strategy
	ex      *Execution
	checked int
	stale   error
}

func (c *enabledChecker) NewExecution(i int, seed uint64) bool { return c.inner.NewExecution(i, seed) }
func (c *enabledChecker) NextNumber(n int) int                 { return c.inner.NextNumber(n) }
func (c *enabledChecker) NextGoroutine(enabled []int, cur int) int {
	return c.inner.NextGoroutine(enabled, cur)
}

func (c *enabledChecker) Begin(ex *Execution) {
	c.ex = ex
	if o, ok := c.inner.(Observer); ok {
		o.Begin(ex)
	}
}

func (c *enabledChecker) Performed(op Op) {
	if c.stale == nil {
		c.checked++
		c.stale = c.ex.m.CheckEnabled()
	}
	if o, ok := c.inner.(Observer); ok {
		o.Performed(op)
	}
}

// TestRWMutexWriterPreference: a waiting writer keeps new readers out,
// so a recursive read lock deadlocks once the writer waits
// (rwwriterpref/recursive, as natively with a pause before the second
// RLock); and once the writer has had the lock, readers hold it
// together again (rwwriterpref/fixed: every schedule ends).
func TestRWMutexWriterPreference(t *testing.T) {
	rep, err := Explore(target(t, "rwwriterpref/recursive"), Options{Strategy: "dfs", PreemptionBound: Unbounded, Executions: 1000})
	require.NoError(t, err)
	require.NotNil(t, rep.Failure)
	require.Equal(t, GlobalDeadlock, rep.Failure.Kind)
	rep, err = Explore(target(t, "rwwriterpref/fixed"), Options{Strategy: "dfs", PreemptionBound: Unbounded, Executions: 100000})
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
}
