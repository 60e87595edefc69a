// Package tracetest sorts the executions of an exploration into
// Mazurkiewicz traces, an independent check of the partial-order
// reductions of package sched (dfs's sleep sets and source-DPOR) and of
// package heuristics (guided test's backtracking): a reduced search must
// explore every trace the full search does.
package tracetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// ChannelPrograms are the programs of sched/testdata (main packages
// "schedtest/"+Name) that hand values over channels and selects, whose
// event structure the trace classes do not capture exactly (see
// Classes): the reductions are checked on them by the bug found or not.
var ChannelPrograms = []struct {
	Name string
	Bug  bool
}{
	{"dpor/selectbug", true},
	{"dpor/selectready", false},
	{"chanpair", false},
	{"doubleclose", true},
}

// Target returns the main package pkg of the module in dir, loaded with
// every package of that module (ssainterp caches the load, so the tests
// of a directory load it once).
func Target(tb testing.TB, dir, pkg string) sched.Target {
	tb.Helper()
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir}, "./...")
	if err != nil {
		tb.Fatal(err)
	}
	return sched.Target{Prog: prog, Start: func(m *ssainterp.Machine) error { return m.Start(pkg) }}
}

// Classes wraps a strategy and sorts the complete executions it
// runs into Mazurkiewicz traces: two executions are equivalent when they
// have the same events and order every pair of dependent events
// (sched.Dependent) the same way. An event is named by its goroutine and its
// index in that goroutine's program order, and a goroutine by its
// creation path (the main goroutine "1", its second child "1.2"), which
// does not depend on the interleaving as goroutine ids do; the number
// choices made in a step (a select with several ready cases) belong to
// its event. A pending operation that a partner completes on its
// goroutine's behalf (a receive from a waiting sender) is an event of that
// goroutine right after the partner's, and the step that then takes the
// goroutine to its next operation (from ssainterp.WaitNone, "run") is not
// one: whether a receive ran on its own or was completed by the send is a
// matter of which step reached it first, not of the order of dependent
// operations. This is independent of dfs's reduction: it looks only at
// the operations performed.
type Classes struct {
	inner   sched.Strategy
	ex      *sched.Execution
	names   map[int]string // goroutine id → creation path
	kids    map[int]int    // goroutine id → children so far
	ngs     int            // goroutines seen
	events  []tracedEvent
	before  map[int]sched.Op // each goroutine's pending operation before the last event
	merged  map[int]bool     // goroutines whose operation was completed on their behalf: their next step, to their next operation, is not an event
	started bool
	Traces  map[string]int // canonical form → executions in that class
}

type tracedEvent struct {
	name    string // goroutine#index
	op      sched.Op
	choices []int
}

// New returns inner wrapped, with no trace yet.
func New(inner sched.Strategy) *Classes {
	return &Classes{inner: inner, Traces: map[string]int{}}
}

func (c *Classes) NewExecution(i int, seed uint64) bool {
	c.Finish()
	return c.inner.NewExecution(i, seed)
}

// Finish files the execution just over under its class, unless it was
// cut short; call it once the exploration is over.
func (c *Classes) Finish() {
	if !c.started {
		return
	}
	c.completed()
	c.started = false
	if p, ok := c.inner.(sched.Pruner); ok && p.Pruned() {
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
			if a.op.G != b.op.G && sched.Dependent(a.op, b.op) {
				order = append(order, a.name+"<"+b.name)
			}
		}
	}
	slices.Sort(order)
	c.Traces[strings.Join(parts, " ")+" | "+strings.Join(order, " ")]++
}

func (c *Classes) Begin(ex *sched.Execution) {
	c.ex, c.started, c.events, c.ngs = ex, true, nil, 0
	c.names, c.kids, c.before, c.merged = map[int]string{}, map[int]int{}, nil, map[int]bool{}
	if o, ok := c.inner.(sched.Observer); ok {
		o.Begin(ex)
	}
}

func (c *Classes) Performed(op sched.Op) {
	// Goroutines created since the last event were created by it.
	for id := c.ngs + 1; id <= c.ex.Goroutines(); id++ {
		if len(c.events) == 0 {
			c.names[id] = fmt.Sprint(id)
			continue
		}
		parent := c.events[len(c.events)-1].op.G
		c.kids[parent]++
		c.names[id] = fmt.Sprintf("%s.%d", c.names[parent], c.kids[parent])
	}
	c.ngs = c.ex.Goroutines()
	c.completed()
	wait := c.ex.Wait(op.G)
	c.before = map[int]sched.Op{}
	for id := 1; id <= c.ngs; id++ {
		if id != op.G {
			c.before[id] = c.ex.Pending(id)
		}
	}
	if o, ok := c.inner.(sched.Observer); ok {
		o.Performed(op)
	}
	if p, ok := c.inner.(sched.Pruner); ok && p.Pruned() {
		c.before = nil
		return // the step past the cut
	}
	if c.merged[op.G] && wait == ssainterp.WaitNone {
		delete(c.merged, op.G)
		return
	}
	delete(c.merged, op.G)
	c.add(op)
}

// add appends an event of op.
func (c *Classes) add(op sched.Op) {
	k := 0
	for _, e := range c.events {
		if e.op.G == op.G {
			k++
		}
	}
	name := "clock"
	if op.G != sched.Clock {
		name = c.names[op.G]
	}
	c.events = append(c.events, tracedEvent{name: fmt.Sprintf("%s#%d", name, k), op: op})
}

// completed adds the events of the operations the last event completed
// on other goroutines' behalf.
func (c *Classes) completed() {
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

func (c *Classes) NextGoroutine(enabled []int, current int) int {
	return c.inner.NextGoroutine(enabled, current)
}

func (c *Classes) NextNumber(n int) int {
	x := c.inner.NextNumber(n)
	if len(c.events) > 0 {
		e := &c.events[len(c.events)-1]
		e.choices = append(e.choices, x)
	}
	return x
}

func (c *Classes) Pruned() bool {
	p, ok := c.inner.(sched.Pruner)
	return ok && p.Pruned()
}
