package sched

import (
	"slices"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Completed returns the objects of the pending operations, by goroutine
// id in before (the state before a step of mover) and now (the state
// after it), that changed though their goroutine did not move: the step
// completed them on its goroutine's behalf (a send to a waiting receiver
// or select), so it touched their objects too, which its own pending
// operation did not say.
func Completed(before, now []Op, mover int) []any {
	var extra []any
	for id, op := range before {
		if id == 0 || id == mover || len(op.Access.Objects) == 0 {
			continue
		}
		if id >= len(now) || !sameAccess(now[id], op) {
			extra = append(extra, op.Access.Objects...)
		}
	}
	return extra
}

// Widen returns a with the objects in extra added: the access of a step
// that also completed other goroutines' operations (Completed). It is no
// longer a load.
func Widen(a ssainterp.Access, extra []any) ssainterp.Access {
	objs := slices.Clone(a.Objects)
	for _, o := range extra {
		if !slices.Contains(objs, o) {
			objs = append(objs, o)
		}
	}
	return ssainterp.Access{Objects: objs, All: a.All}
}

// widenLast widens the access of the last event recorded.
func (t *dporTrace) widenLast(extra []any) {
	if t.pos > 0 {
		e := &t.events[t.pos-1]
		e.op.Access = Widen(e.op.Access, extra)
	}
}

// Races is source-DPOR's race analysis (dpor.go) for a strategy outside
// this package that explores schedules in its own order (guided test's
// backtracking, package heuristics): it records the events of one
// execution and, once it is over, calls back with the goroutines that
// reverse each race, for the choice point that chose the racing event.
// The strategy numbers its choice points; a strategy that adds one of
// the goroutines to the alternatives it will explore at that point,
// unless one is already explored or about to be, and explores every
// alternative it added, explores every Mazurkiewicz trace (Abdulla et
// al., POPL 2014, Algorithm 1 without sleep sets; the order in which
// the alternatives are explored does not matter, as in the parallel
// DPOR of Simsa et al., RV 2012). Each execution is analysed whole.
//
// Use it as an Observer's: Begin and Performed from the strategy's own,
// Chose at each choice point, End when the execution is over.
type Races struct {
	names     objectNames
	trace     dporTrace
	before    []Op // the pending operations before the last step, by goroutine
	steps     int
	lastMover int
}

// Begin starts recording the execution ex.
func (r *Races) Begin(ex *Execution) {
	r.names.begin(ex)
	r.trace.truncate(0)
	r.trace.begin(&r.names)
	r.before, r.steps, r.lastMover = r.before[:0], 0, 0
}

// Chose says that the next step is chosen at the strategy's choice point
// point (not forced).
func (r *Races) Chose(point int) { r.trace.point = point }

// Performed records step op, about to run; cut: the execution is cut
// short (every goroutine that can move sleeps), and op, a sleeper's step
// past the cut, is not an event.
func (r *Races) Performed(op Op, cut bool) {
	now := r.observe()
	r.trace.performed(r.names.op(op), cut, now)
	r.steps++
	r.lastMover = op.G
}

// observe names the objects of the state after the last step, once, and
// widens the last event by the operations it completed.
func (r *Races) observe() []Op {
	now, fresh := r.names.state(r.steps)
	if !fresh {
		return now
	}
	if extra := Completed(r.before, now, r.lastMover); len(extra) > 0 {
		r.trace.widenLast(extra)
	}
	r.before = append(r.before[:0], now...)
	return now
}

// End analyses the execution just over: for every race, add is called
// with the choice point that chose the first event and the goroutines
// one of which must be explored there (the initials of the race's
// reversal; none of them may be enabled there).
func (r *Races) End(add func(point int, initials []int)) {
	now := r.observe()
	t := &r.trace
	t.analyse(func(i int, initials []int) {
		if p := t.events[i].point; p >= 0 {
			add(p, initials)
		}
	}, now)
}
