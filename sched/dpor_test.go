package sched

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// traceClasses wraps a strategy and sorts the complete executions it
// runs into Mazurkiewicz traces: two executions are equivalent when they
// have the same events and order every pair of dependent events
// (Dependent) the same way. An event is named by its goroutine and its
// index in that goroutine's program order, and a goroutine by its
// creation path (the main goroutine "1", its second child "1.2"), which
// does not depend on the interleaving as goroutine ids do; the number
// choices made in a step (a select with several ready cases) belong to
// its event. A pending operation that a partner completes on its
// goroutine's behalf (a receive from a waiting sender) is an event of that
// goroutine right after the partner's, and the step that then takes the
// goroutine to its next operation ("run") is not one: whether a receive
// ran on its own or was completed by the send is a matter of which step
// reached it first, not of the order of dependent operations. This is
// independent of dfs's reduction: it looks only at the operations
// performed.
type traceClasses struct {
	inner   Strategy
	ex      *Execution
	names   map[int]string // goroutine id → creation path
	kids    map[int]int    // goroutine id → children so far
	ngs     int            // goroutines seen
	events  []tracedEvent
	before  map[int]Op   // each goroutine's pending operation before the last event
	merged  map[int]bool // goroutines whose operation was completed on their behalf: their next "run" step is not an event
	started bool
	classes map[string]int // canonical form → executions in that class
}

type tracedEvent struct {
	name    string // goroutine#index
	op      Op
	choices []int
}

func newTraceClasses(inner Strategy) *traceClasses {
	return &traceClasses{inner: inner, classes: map[string]int{}}
}

func (c *traceClasses) NewExecution(i int, seed uint64) bool {
	c.finish()
	return c.inner.NewExecution(i, seed)
}

// finish files the execution just over under its class, unless it was
// cut short.
func (c *traceClasses) finish() {
	if !c.started {
		return
	}
	c.completed()
	c.started = false
	if p, ok := c.inner.(Pruner); ok && p.Pruned() {
		return
	}
	var parts []string
	for _, e := range c.events {
		parts = append(parts, fmt.Sprintf("%s%v", e.name, e.choices))
	}
	slices.Sort(parts)
	var order []string
	for i, a := range c.events {
		for _, b := range c.events[i+1:] {
			if a.op.G != b.op.G && Dependent(a.op, b.op) {
				order = append(order, a.name+"<"+b.name)
			}
		}
	}
	slices.Sort(order)
	c.classes[strings.Join(parts, " ")+" | "+strings.Join(order, " ")]++
}

func (c *traceClasses) Begin(ex *Execution) {
	c.ex, c.started, c.events, c.ngs = ex, true, nil, 0
	c.names, c.kids, c.before, c.merged = map[int]string{}, map[int]int{}, nil, map[int]bool{}
	if o, ok := c.inner.(Observer); ok {
		o.Begin(ex)
	}
}

func (c *traceClasses) Performed(op Op) {
	// Goroutines created since the last event were created by it.
	for id := c.ngs + 1; id <= c.ex.m.NumGoroutines(); id++ {
		if len(c.events) == 0 {
			c.names[id] = fmt.Sprint(id)
			continue
		}
		parent := c.events[len(c.events)-1].op.G
		c.kids[parent]++
		c.names[id] = fmt.Sprintf("%s.%d", c.names[parent], c.kids[parent])
	}
	c.ngs = c.ex.m.NumGoroutines()
	c.completed()
	kind, _ := c.ex.Describe(op.G)
	c.before = map[int]Op{}
	for id := 1; id <= c.ngs; id++ {
		if id != op.G {
			c.before[id] = c.ex.Pending(id)
		}
	}
	if o, ok := c.inner.(Observer); ok {
		o.Performed(op)
	}
	if p, ok := c.inner.(Pruner); ok && p.Pruned() {
		c.before = nil
		return // the step past the cut
	}
	if c.merged[op.G] && kind == "run" {
		delete(c.merged, op.G)
		return
	}
	delete(c.merged, op.G)
	c.add(op)
}

// add appends an event of op.
func (c *traceClasses) add(op Op) {
	k := 0
	for _, e := range c.events {
		if e.op.G == op.G {
			k++
		}
	}
	name := "clock"
	if op.G != Clock {
		name = c.names[op.G]
	}
	c.events = append(c.events, tracedEvent{name: fmt.Sprintf("%s#%d", name, k), op: op})
}

// completed adds the events of the operations the last event completed
// on other goroutines' behalf.
func (c *traceClasses) completed() {
	for id := 1; id <= len(c.before); id++ {
		op, ok := c.before[id]
		if !ok || len(op.Access.Objects) == 0 {
			continue
		}
		now := c.ex.Pending(id)
		if !slices.Equal(now.Access.Objects, op.Access.Objects) || now.Access.Read != op.Access.Read {
			c.add(op)
			c.merged[id] = true
		}
	}
	c.before = nil
}

func (c *traceClasses) NextGoroutine(enabled []int, current int) int {
	return c.inner.NextGoroutine(enabled, current)
}

func (c *traceClasses) NextNumber(n int) int {
	x := c.inner.NextNumber(n)
	if len(c.events) > 0 {
		e := &c.events[len(c.events)-1]
		e.choices = append(e.choices, x)
	}
	return x
}

func (c *traceClasses) Pruned() bool {
	p, ok := c.inner.(Pruner)
	return ok && p.Pruned()
}

// explore runs dfs (unbounded) with reduction options opts on program
// name and returns the report and the trace classes of its complete
// executions.
func exploreClasses(t *testing.T, name string, opts Options) (*Report, map[string]int) {
	t.Helper()
	var c *traceClasses
	opts.Workers = 1
	opts.Strategy = "dfs"
	opts.PreemptionBound = Unbounded
	opts.Custom = func() Strategy {
		s, err := NewStrategy("dfs", opts)
		require.NoError(t, err)
		c = newTraceClasses(s)
		return c
	}
	rep, err := Explore(target(t, name), opts)
	require.NoError(t, err)
	require.Nil(t, rep.Failure)
	require.True(t, rep.Exhausted)
	c.finish()
	return rep, c.classes
}

// TestDPORMazurkiewicz: on tiny programs, dfs with DPOR (and with sleep
// sets alone) explores exactly one execution per Mazurkiewicz trace of
// the full search without reduction, which is the independent brute
// force: every trace is explored, none twice. The counts are recorded
// here; cut is the executions cut short because their sleep set blocks
// them, which DPOR rarely reaches and the sleep sets alone often.
//
// Programs whose goroutines hand values over channels are not in this
// table: a receive that a waiting sender completes on the receiver's
// behalf, and the step that reaches a channel operation (which queues
// the goroutine on the channel), make the event structure of an
// execution depend on more than the order of dependent operations, and
// the traces computed here are then finer or coarser than the
// equivalence the search relies on. TestDPORChannels checks those by
// the bugs found instead.
func TestDPORMazurkiewicz(t *testing.T) {
	for _, tc := range []struct {
		name              string
		shared            bool // loads and stores are visible
		all, traces       int
		cut, cutSleepOnly int
	}{
		{"dpor/lockpairs", false, 296, 12, 2, 4},
		{"dpor/waitgroup", false, 280, 6, 0, 9},
		{"dpor/condsignal", false, 12, 4, 2, 3},
		{"dpor/atomics", false, 126, 6, 0, 3},
		{"dpor/independent", false, 456, 1, 0, 7},
		{"twoatomics", false, 126, 12, 0, 2},
		{"lockorder_fixed", false, 10, 2, 2, 4},
		{"lockedcounter", true, 176, 4, 1, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := Options{SyncOnly: !tc.shared}
			full := opts
			full.NoReduction = true
			all, brute := exploreClasses(t, tc.name, full)
			sleepOnly := opts
			sleepOnly.SleepSetsOnly = true
			sl, slClasses := exploreClasses(t, tc.name, sleepOnly)
			dpor, dporClasses := exploreClasses(t, tc.name, opts)
			t.Logf("%s: %d schedules, %d traces; sleep sets: %d (%d cut short); DPOR: %d (%d cut short)",
				tc.name, all.Executions, len(brute), sl.Executions, sl.Pruned, dpor.Executions, dpor.Pruned)
			classes := slices.Sorted(maps.Keys(brute))
			for _, got := range []map[string]int{slClasses, dporClasses} {
				require.Equal(t, classes, slices.Sorted(maps.Keys(got)), "the traces explored")
				for class, n := range got {
					require.Equal(t, 1, n, "trace %s explored %d times", class, n)
				}
			}
			require.Equal(t, [2]int{tc.all, tc.traces}, [2]int{all.Executions, len(brute)})
			require.Equal(t, [2]int{tc.traces, tc.cutSleepOnly}, [2]int{sl.Executions, sl.Pruned})
			require.Equal(t, [2]int{tc.traces, tc.cut}, [2]int{dpor.Executions, dpor.Pruned})
		})
	}
}

// TestDPORChannels: on programs that hand values over channels and
// selects, DPOR finds the bug the full search finds, and on the clean ones
// completes as many schedules as the sleep sets alone and cuts fewer.
func TestDPORChannels(t *testing.T) {
	for _, tc := range []struct {
		name string
		bug  bool
	}{
		{"dpor/selectbug", true},
		{"dpor/selectready", false},
		{"chanpair", false},
		{"doubleclose", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := target(t, tc.name)
			reps := map[string]*Report{}
			for mode, opts := range map[string]Options{
				"full":  {NoReduction: true},
				"sleep": {SleepSetsOnly: true},
				"dpor":  {},
			} {
				opts.Strategy, opts.PreemptionBound, opts.SyncOnly = "dfs", Unbounded, true
				rep, err := Explore(tg, opts)
				require.NoError(t, err)
				require.Equal(t, tc.bug, rep.Failure != nil, "%s: bug found", mode)
				reps[mode] = rep
			}
			if !tc.bug {
				t.Logf("%s: %d schedules; sleep sets %d (%d cut short); DPOR %d (%d cut short)", tc.name,
					reps["full"].Executions, reps["sleep"].Executions, reps["sleep"].Pruned, reps["dpor"].Executions, reps["dpor"].Pruned)
				require.LessOrEqual(t, reps["dpor"].Executions+reps["dpor"].Pruned, reps["sleep"].Executions+reps["sleep"].Pruned)
				// The sleep sets keep one complete execution of each class
				// that they explore, and they explore every class: DPOR,
				// with the same sleep sets, must complete as many.
				require.Equal(t, reps["sleep"].Executions, reps["dpor"].Executions)
			}
		})
	}
}
