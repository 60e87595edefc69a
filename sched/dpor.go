package sched

import (
	"slices"
	"sync"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Source-DPOR: dynamic partial-order reduction with source sets and sleep
// sets, Algorithm 1 of Abdulla, Aronis, Jonsson and Sagonas, "Optimal
// Dynamic Partial Order Reduction", POPL 2014 (Source-DPOR; the wakeup
// trees of their Algorithm 2 are not built). dfs is the exploration; this
// file is its race analysis.
//
// An execution E is a sequence of events, each a goroutine's visible
// operation (Op). Happens-before (→) is the transitive closure of program
// order, creation (a go statement before the first event of the goroutine
// it starts) and the order in E of dependent events (Dependent). Two
// events e and e' of different goroutines are in a race, e ⋖ e', when
// they are dependent, e comes first and no third event is between them in
// →. Algorithm 1 reverses each race: with E' the prefix before e and v the
// events after e that do not happen after it (notdep(e, E)) followed by
// e', some goroutine among the initials I_E'(v) (those whose first event
// in v happens after no other event of v) must be in the backtrack set of
// the choice point at E', unless one already is (or sleeps there, which
// means it was explored from an ancestor). Sleep sets stay as dfs builds
// them, as the paper's Algorithm 1 does.
//
// We detect races once an execution is over (or cut short by its sleep
// set), for the events past the prefix it shared with the one before
// (those before were analysed then), computing → with vector clocks: each
// event's clock joins its program-order predecessor's, its creator's and
// those of the earlier dependent events that are not already below it,
// found in decreasing order; an event whose clock was not yet below is in
// a race with it (the paper's e ⋖ e').
//
// Four things of Go are not in the paper's model, whose processes never
// block, never act for each other and never end the program:
//
//   - Blocking. A goroutine blocked at an operation (a lock held, a
//     channel with no partner) is treated as if it polled it: its pending
//     operation is in a race with every dependent event after which it is
//     still blocked, and with the events not below it when it starts to
//     wait (Flanagan and Godefroid, POPL 2005, check every pending
//     operation, enabled or not, at every state; we do it for the blocked
//     ones, which Algorithm 1 does not see). Otherwise the second of two
//     lock acquisitions, which must wait for the first's unlock, would
//     never be tried before it. An initial that is not enabled at E'
//     (a race that cannot be reversed, like an unlock and the lock it
//     lets through) adds nothing.
//   - Partners. A send to a goroutine waiting at a receive or a select
//     completes that operation on its behalf: the step touched the
//     waiter's channels too, and dfs widens its access when it sees that
//     (observe); the waiter's operation, never an event of its own, is
//     in a race with the step if it could have gone first, and the
//     waiter's next event happens after the step.
//   - Exit. When main returns, the program ends whatever the other
//     goroutines were about to do: the last event then depends on every
//     event (it is in a race with those not before it) and on the
//     pending operation of every goroutine that has not finished.
//   - Timers. The clock (firing the earliest timer early, Clock) depends
//     on everything but its enabledness follows the virtual time, not the
//     events; we add it to the backtrack set of every choice point where
//     it is an alternative, as plain dfs does.
//
// With a preemption bound the search is not complete: the goroutine a
// race calls for may cost a preemption over the bound where it would have
// to run, and the schedule that reverses the race another way is then
// not explored. As bounded partial-order reduction (Coons, Musuvathi and
// McKinley, OOPSLA 2013) does, a race whose reversal is over the bound
// also adds that goroutine at the start of the run of steps (the last
// context switch) before the racing event, where choosing another
// goroutine costs no more preemptions than the path already has; this
// finds the bugs of our tests within the bound, and is a heuristic, not a
// proof that every schedule within the bound is covered. An unbounded
// search (PreemptionBound: Unbounded) is complete.

// dporEvent is one event of an execution.
type dporEvent struct {
	op    Op
	point int       // the stack index of the choice point that chose it; -1 if it was forced
	vc    []int32   // its vector clock: vc[g] is the number of g's events that happen before it or are it
	state dporState // the state before it
	ngs   int       // goroutines created in the state before it
}

// dporTrace records the events of the execution in progress for the
// race analysis of dfs. The events of the prefix an execution shares with
// the one before are kept, with their clocks.
type dporTrace struct {
	names   *objectNames
	events  []dporEvent
	pos     int   // the index of the next event in this execution
	keep    int   // events[:keep] have their clocks
	point   int   // the choice point that chose the next event; -1: forced
	creator []int // creator[g]: the event that created goroutine g, -1 for those there at the start
	// final is the state after the last event of an execution cut
	// short (finalSet); at its end otherwise the machine tells.
	final    dporState
	finalSet bool
	// ops holds the pending operations of the events' states, one after
	// the other in the order of the events (an execution records one
	// state per step: a slice each was most of an exploration's
	// garbage); truncate cuts it with the events.
	ops []Op
	ids []int // scratch for the goroutine ids of a state
	// The maps of the analysis (dporAnalysis), cleared for each one.
	index dporIndex
	last  map[int]int
	joins map[int][]int
}

// dporBuffers are the arrays of a trace, handed on from a search that
// ended to the next one (release): an explanation of a component's
// failure runs hundreds of short searches, and growing each one's
// arrays anew was most of its garbage.
type dporBuffers struct {
	events []dporEvent
	ops    []Op
}

var dporPool sync.Pool // of *dporBuffers

// release hands the trace's arrays on; the trace is empty after it.
func (t *dporTrace) release() {
	if cap(t.events) == 0 {
		return
	}
	clear(t.events[:cap(t.events)]) // nothing of this search stays reachable
	clear(t.ops[:cap(t.ops)])
	dporPool.Put(&dporBuffers{events: t.events[:0], ops: t.ops[:0]})
	t.events, t.ops, t.keep = nil, nil, 0
}

// dporState is what the goroutines that have not finished are stopped
// at in a state of the execution: ops[lo:mid] of its trace cannot move,
// ops[mid:hi] can.
type dporState struct{ lo, mid, hi int32 }

// blocked returns the operations of s that cannot move.
func (t *dporTrace) blocked(s dporState) []Op { return t.ops[s.lo:s.mid] }

// enabled returns the operations of s that can move.
func (t *dporTrace) enabled(s dporState) []Op { return t.ops[s.mid:s.hi] }

// pending returns goroutine g's pending operation in s and whether it
// has one.
func (t *dporTrace) pending(s dporState, g int) (Op, bool) {
	ops := t.ops[s.lo:s.hi]
	if i := slices.IndexFunc(ops, func(o Op) bool { return o.G == g }); i >= 0 {
		return ops[i], true
	}
	return Op{}, false
}

// sameAccess reports whether a and b touch the same objects the same way.
func sameAccess(a, b Op) bool {
	return a.Access.Read == b.Access.Read && a.Access.All == b.Access.All && slices.Equal(a.Access.Objects, b.Access.Objects)
}

func (t *dporTrace) begin(names *objectNames) {
	if t.events == nil {
		if b, ok := dporPool.Get().(*dporBuffers); ok {
			t.events, t.ops = b.events, b.ops
		}
	}
	t.names, t.pos, t.point, t.final, t.finalSet = names, 0, -1, dporState{}, false
}

// truncate keeps the first n events, the prefix the next execution
// replays.
func (t *dporTrace) truncate(n int) {
	switch {
	case n < len(t.events):
		t.ops = t.ops[:t.events[n].state.lo]
	case n > 0:
		t.ops = t.ops[:t.events[n-1].state.hi]
	default:
		t.ops = t.ops[:0]
	}
	t.events = t.events[:n]
	t.keep = min(t.keep, n)
}

// performed records op, about to run, in the state whose pending
// operations, renamed, are now (by goroutine id: objectNames.state). An
// execution cut short (pruned) runs one more step, of a goroutine that
// sleeps: it is not an event.
func (t *dporTrace) performed(op Op, pruned bool, now []Op) {

	if pruned {
		t.point = -1
		if !t.finalSet {
			t.final, t.finalSet = t.stateNow(now), true
		}
		return
	}
	if t.pos < len(t.events) {
		t.pos++ // replayed
		t.point = -1
		return
	}
	ngs := t.names.ex.m.NumGoroutines()
	prev := 0
	if t.pos > 0 {
		prev = t.events[t.pos-1].ngs
	}
	for len(t.creator) <= ngs {
		t.creator = append(t.creator, -1)
	}
	for g := prev + 1; g <= ngs; g++ {
		t.creator[g] = t.pos - 1 // the go statement of the last event, or none at the start
	}
	t.events = append(t.events, dporEvent{op: op, point: t.point, state: t.stateNow(now), ngs: ngs})
	t.pos++
	t.point = -1
}

// stateNow records the goroutines' pending operations now, whose
// renamed operations by goroutine id are now.
func (t *dporTrace) stateNow(now []Op) dporState {
	m := t.names.ex.m
	s := dporState{lo: int32(len(t.ops))}
	t.ids = m.AppendBlocked(t.ids[:0])
	for _, id := range t.ids {
		t.ops = append(t.ops, now[id])
	}
	s.mid = int32(len(t.ops))
	t.ids = m.AppendEnabled(t.ids[:0])
	for _, id := range t.ids {
		t.ops = append(t.ops, now[id])
	}
	s.hi = int32(len(t.ops))
	return s
}

// at is vc[g], 0 past its end.
func at(vc []int32, g int) int32 {
	if g < len(vc) {
		return vc[g]
	}
	return 0
}

// join sets c to the pointwise maximum of c and vc.
func join(c []int32, vc []int32) []int32 {
	for len(c) < len(vc) {
		c = append(c, 0)
	}
	for g, x := range vc {
		c[g] = max(c[g], x)
	}
	return c
}

// dporIndex finds the earlier events an operation may depend on.
type dporIndex struct {
	objects map[any][]int // events touching each object
	all     []int         // events that depend on everything (the clock)
}

func (x *dporIndex) add(k int, op Op) {
	if op.Access.All {
		x.all = append(x.all, k)
		return
	}
	for _, o := range op.Access.Objects {
		x.objects[o] = append(x.objects[o], k)
	}
}

// candidates returns the events before the event (or pending operation)
// at index before that may depend on op, last first.
func (x *dporIndex) candidates(op Op, before int) []int {
	var out []int
	if op.Access.All {
		out = make([]int, before)
		for i := range out {
			out[i] = before - 1 - i
		}
		return out
	}
	out = append(out, x.all...)
	for _, o := range op.Access.Objects {
		out = append(out, x.objects[o]...)
	}
	out = slices.DeleteFunc(out, func(i int) bool { return i >= before })
	slices.Sort(out)
	out = slices.Compact(out)
	slices.Reverse(out)
	return out
}

// clock computes the vector clock of op (an event at index before, or a
// goroutine's pending operation in the state after event before-1) and
// appends to races the earlier events in a race with it.
func (t *dporTrace) clock(op Op, before int, pred []int32, x *dporIndex, races *[]int) []int32 {
	c := slices.Clone(pred)
	for _, i := range x.candidates(op, before) {
		e := &t.events[i]
		if e.op.G == op.G || !Dependent(e.op, op) {
			continue
		}
		if at(c, e.op.G) < at(e.vc, e.op.G) {
			*races = append(*races, i)
			c = join(c, e.vc)
		}
	}
	for len(c) <= op.G {
		c = append(c, 0)
	}
	c[op.G] = at(pred, op.G) + 1
	return c
}

// initials returns I_E'(v) of Algorithm 1 for the race of event i with
// an operation of goroutine g whose clock is vc, where v is the events
// after i and before end that do not happen after i, then that operation.
func (t *dporTrace) initials(i, end, g int, vc []int32) []int {
	gi := t.events[i].op.G
	si := at(t.events[i].vc, gi)
	var (
		procs []int     // goroutines with an event in v
		first [][]int32 // the clock of each one's first event in v
	)
	for w := i + 1; w < end; w++ {
		e := &t.events[w]
		if at(e.vc, gi) >= si || slices.Contains(procs, e.op.G) {
			continue
		}
		procs = append(procs, e.op.G)
		first = append(first, e.vc)
	}
	if !slices.Contains(procs, g) {
		procs = append(procs, g)
		first = append(first, vc)
	}
	var out []int
	for a, p := range procs {
		initial := true
		for b, q := range procs {
			if a != b && at(first[a], q) >= at(first[b], q) {
				initial = false // q's first event in v happens before p's
				break
			}
		}
		if initial {
			out = append(out, p)
		}
	}
	return out
}

// analyse finds the races of the execution just over and calls add
// with the goroutines that reverse each, for the choice point that chose
// event i (Algorithm 1, lines 4-8); dfs adds one of them to that point's
// backtrack set (addBacktrack).
func (t *dporTrace) analyse(add func(i int, initials []int), now []Op) {
	t.events = t.events[:t.pos]
	n := len(t.events)
	final := t.final
	if !t.finalSet {
		final = t.stateNow(now)
	}
	exited := !t.finalSet && n > 0 && t.names.ex.m.Done()
	if exited {
		// The last step ended the program: it depends on everything (see
		// Exit above), and is analysed again as such.
		t.events[n-1].op.Access = ssainterp.Access{All: true}
		t.keep = min(t.keep, n-1)
	}
	if t.last == nil {
		t.index.objects, t.last, t.joins = map[any][]int{}, map[int]int{}, map[int][]int{}
	}
	clear(t.index.objects)
	clear(t.last)
	clear(t.joins)
	t.index.all = t.index.all[:0]
	a := dporAnalysis{t: t, add: add, x: &t.index, last: t.last, joins: t.joins}
	for k := range n {
		after := final
		if k+1 < n {
			after = t.events[k+1].state
		}
		a.event(k, after)
	}
	if exited {
		a.exitRaces()
	}
	t.keep = n
}

// dporAnalysis is the state of one analyse pass over the events.
type dporAnalysis struct {
	t     *dporTrace
	add   func(i int, initials []int)
	x     *dporIndex
	last  map[int]int   // each goroutine's last event so far
	joins map[int][]int // events that completed a goroutine's operation since its last event
	races []int         // scratch for clock
}

// event analyses event k, whose next state is after: the races of the
// event (past t.keep) and of the operations pending after it.
func (a *dporAnalysis) event(k int, after dporState) {
	t := a.t
	e := &t.events[k]
	if k >= t.keep {
		e.vc = a.reverseRaces(e.op, k)
	}
	a.x.add(k, e.op)
	a.last[e.op.G] = k
	delete(a.joins, e.op.G)
	if k < t.keep {
		return
	}
	// Blocked goroutines poll their pending operation after every
	// event (see the comment at the top).
	a.completedOnBehalf(k, after)
	a.blockedAfter(k, after)
}

// pred is the clock that goroutine g's next operation starts from: its
// last event's, or its creator's, joined with the events that completed
// an operation on its behalf since.
func (a *dporAnalysis) pred(g int) []int32 {
	t := a.t
	var vc []int32
	if k, ok := a.last[g]; ok {
		vc = t.events[k].vc
	} else if g != Clock && g < len(t.creator) && t.creator[g] >= 0 {
		vc = t.events[t.creator[g]].vc
	}
	if len(a.joins[g]) == 0 {
		return vc
	}
	c := slices.Clone(vc)
	for _, k := range a.joins[g] {
		c = join(c, t.events[k].vc)
	}
	c = join(c, make([]int32, g+1))
	c[g] = at(vc, g)
	return c
}

// reverseRaces computes the clock of op (an event at index end, or
// pending after event end-1) and calls add for each of its races, but
// with events that were forced (nothing else could move there). It
// returns the clock.
func (a *dporAnalysis) reverseRaces(op Op, end int) []int32 {
	t := a.t
	a.races = a.races[:0]
	vc := t.clock(op, end, a.pred(op.G), a.x, &a.races)
	for _, i := range a.races {
		if t.events[i].point >= 0 {
			a.add(i, t.initials(i, end, op.G, vc))
		}
	}
	return vc
}

// completedOnBehalf adds the races of the operations enabled before event k
// that a partner completed on their behalf (a receive from a waiting
// sender): such an operation never runs as an event of its own; it is
// in a race with the event that completed it, and its goroutine's next
// event happens after that one.
func (a *dporAnalysis) completedOnBehalf(k int, after dporState) {
	t := a.t
	e := &t.events[k]
	for _, o := range t.enabled(e.state) {
		if o.G == e.op.G {
			continue
		}
		if now, ok := t.pending(after, o.G); !ok || !sameAccess(now, o) {
			a.add(k, []int{o.G})
			a.joins[o.G] = append(a.joins[o.G], k)
		}
	}
}

// blockedAfter adds the races of the operations blocked after event k.
func (a *dporAnalysis) blockedAfter(k int, after dporState) {
	t := a.t
	e := &t.events[k]
	for _, b := range t.blocked(after) {
		if b.G != e.op.G && slices.ContainsFunc(t.blocked(e.state), func(o Op) bool { return o.G == b.G }) {
			// Still waiting: only the last event is new, and it is
			// last, so nothing is between them.
			if Dependent(e.op, b) {
				a.add(k, []int{b.G})
			}
			continue
		}
		a.reverseRaces(b, k+1)
	}
}

// exitRaces adds the races of the last event, which ended the program,
// with the goroutines that had more to do.
func (a *dporAnalysis) exitRaces() {
	t := a.t
	n := len(t.events)
	lg := t.events[n-1].op.G
	for _, id := range append(t.names.ex.m.Enabled(), t.names.ex.m.Blocked()...) {
		if id != lg {
			a.add(n-1, []int{id})
		}
	}
}

// addBacktrack makes sure one of the goroutines in initials is explored at
// the choice point that chose event i (Algorithm 1, lines 7-8): nothing
// to do if one already is, or was, or sleeps there. Otherwise it adds
// the first one in dfs order that the preemption bound allows, or, if
// the bound allows none, one anyway and the same goroutine at the last
// context switch before i (see the comment at the top).
func (d *dfs) addBacktrack(i int, initials []int) {
	s := d.trace.events[i].point
	if s < 0 {
		return
	}
	p := &d.stack[s]
	for _, q := range initials {
		if slices.ContainsFunc(p.sleep, func(o Op) bool { return o.G == q }) {
			return
		}
		if j := slices.Index(p.alts, q); j >= 0 && (slices.Contains(p.done, j) || p.todo[j] && d.allowed(p, j)) {
			return
		}
	}
	best := -1
	for j, a := range p.alts {
		if slices.Contains(initials, a) {
			if d.allowed(p, j) {
				best = j
				break
			}
			if best < 0 {
				best = j
			}
		}
	}
	if best < 0 {
		return // none is enabled here: the race cannot be reversed at this point
	}
	p.todo[best] = true
	if d.allowed(p, best) {
		return
	}
	q, g := p.alts[best], d.trace.events[i].op.G
	b := i
	for b > 0 && d.trace.events[b-1].op.G == g {
		b--
	}
	s2 := d.trace.events[b].point
	if s2 < 0 || s2 == s {
		return
	}
	p2 := &d.stack[s2]
	if j := slices.Index(p2.alts, q); j >= 0 && d.allowed(p2, j) {
		p2.todo[j] = true
	}
}
