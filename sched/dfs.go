package sched

import (
	"fmt"
	"slices"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// dfs enumerates every schedule whose number of preemptions is at most a
// bound (iterative context bounding, Musuvathi and Qadeer, PLDI 2007),
// statelessly: each execution replays the choices of the path on its
// stack and extends it, and backtracking advances the deepest choice point
// that has an alternative left. A preemption is a switch away from a
// goroutine that could have continued. With a bound of -1 the search is
// unbounded, so exhausting it proves there is no bug on any schedule.
//
// With reduction on, the search uses sleep sets (Godefroid, "Partial-Order
// Methods for the Verification of Concurrent Systems", LNCS 1032, 1996):
// after the subtree where goroutine t moved first has been explored, t
// sleeps in its siblings' subtrees until an operation dependent on t's
// (the same object, and not two loads) runs. Schedules that differ only
// in the order of independent operations are explored once; deadlocks,
// panics and failed checks reachable on some schedule stay reachable.
// Each step also runs the goroutine's invisible code up to its next
// visible operation, which touches only memory the goroutine still owns
// (see ssainterp's memory.go); that is independent of other goroutines in
// a program without data races, and data races are reported themselves.
//
// By default the reduction is source-DPOR on top of the sleep sets (see
// dpor.go): a choice point explores not every goroutine that does not
// sleep but only those that the races of the executions below it call
// for. Options.SleepSetsOnly keeps the sleep sets alone.
type dfs struct {
	bound  int // -1: unbounded
	reduce bool
	dpor   bool // source-DPOR (reduce is then on too)
	stack  []choicePoint
	depth  int
	first  bool
	ex     *Execution // the execution in progress (see Observer)
	pruned bool       // every enabled goroutine sleeps: the rest is redundant
	sleep  []Op       // the sleep set at the current point of the execution
	trace  dporTrace  // dpor: the events of the execution in progress
	names  objectNames
	steps  int // steps of the execution in progress
	// lastPoint is the choice point that chose the last step, -1 if it
	// was forced.
	lastPoint int
	lastMover int         // the goroutine of the last step
	cache     *stateCache // state caching (see fingerprint.go); nil without
	before    []Op        // the pending operations before the last step, by goroutine id
	diverged  error       // see Diverged
	// shard is the part of the tree this search explores (Options.Shard):
	// the subtrees below the choice points at depth split (0: no split),
	// numbered by subtrees in the order they are reached, are dealt
	// round-robin (see Shard).
	shard    Shard
	split    int
	subtrees int
}

type choicePoint struct {
	alts    []int              // alternatives: goroutine ids (current first) or numbers
	chosen  int                // index into alts
	preempt int                // preemptions on the path before this point
	current int                // the goroutine that moved last; -1 for number choices
	numbers bool               // a choice among numbers, not goroutines
	sleep   []Op               // sleeping goroutines and the operations they are stopped at (G and Access)
	acc     []ssainterp.Access // per alternative (goroutine choices)
	// todo holds the alternatives to explore (the backtrack set of
	// DPOR; every one without it), done those explored, in the order
	// they were, the chosen one last.
	todo []bool
	done []int
	// event is the index in the execution of the event this point chose
	// (goroutine choices) or of the step it was made in (number
	// choices; -1 before the first step).
	event int
	// whole marks a point above the split depth of a sharded search
	// (the split point included): every alternative is explored (sleep
	// sets prune, but not DPOR, whose backtrack sets depend on the
	// subtrees explored), so that every shard walks the same top of the
	// tree (see Shard). split marks the point at the split depth, whose
	// alternatives are dealt among the shards: those before the chosen
	// one may be another shard's, not run here, and do not sleep below
	// it.
	whole, split bool
}

// newDFS returns a dfs with preemption bound as Options.PreemptionBound
// gives it (0: the default, 2), with sleep sets if reduce and with
// source-DPOR too if dpor.
func newDFS(bound int, reduce, dpor bool) *dfs {
	switch bound {
	case 0:
		bound = DefaultPreemptionBound
	case NoPreemptions:
		bound = 0
	}
	return &dfs{bound: bound, reduce: reduce || dpor, dpor: dpor, first: true}
}

var (
	_ Observer = (*dfs)(nil)
	_ Pruner   = (*dfs)(nil)
)

// Begin implements Observer.
func (d *dfs) Begin(ex *Execution) {
	d.ex = ex
	d.steps = 0
	d.before = nil
	if d.reduce {
		d.names.begin(ex)
	}
	if d.dpor {
		d.trace.begin(&d.names)
	}
}

// Performed implements Observer: every step, forced or chosen, wakes
// the sleepers it depends on.
func (d *dfs) Performed(op Op) {
	if !d.reduce {
		return
	}
	now := d.observe()
	d.steps++
	d.lastMover = op.G
	d.lastPoint = -1
	if d.trace.point >= 0 && !d.pruned {
		d.lastPoint = d.trace.point
	}
	op = d.names.op(op)
	if slices.ContainsFunc(d.sleep, func(s Op) bool { return s.G == op.G }) {
		// A sleeping goroutine moves: it was the only one that could
		// (no choice point), so every goroutine that can move sleeps.
		d.pruned = true
	}
	if d.dpor {
		if d.trace.point >= 0 && !d.pruned {
			d.stack[d.trace.point].event = d.trace.pos
		}
		d.trace.performed(op, d.pruned, now)
	}
	d.trace.point = -1
	d.sleep = slices.DeleteFunc(d.sleep, func(s Op) bool { return Dependent(s, op) })
}

// observe looks at the state after the last step (once) and returns its
// pending operations, renamed, by goroutine id. A step that completed
// other goroutines' pending operations on their behalf (a send to a
// waiting receiver or select) touched their objects too, which the
// access it was chosen by did not say. The access is widened where the
// step was chosen (for the sleep sets of its later siblings) and in
// DPOR's event, and the sleepers that depend on it wake.
func (d *dfs) observe() []Op {
	now, fresh := d.names.state(d.steps)
	if !fresh {
		return now
	}
	extra := Completed(d.before, now, d.lastMover)
	d.before = append(d.before[:0], now...)
	if len(extra) == 0 {
		return now
	}
	if d.lastPoint >= 0 {
		p := &d.stack[d.lastPoint]
		p.acc[p.chosen] = Widen(p.acc[p.chosen], extra)
	}
	if d.dpor {
		d.trace.widenLast(extra)
	}
	moved := Op{G: d.lastMover, Access: ssainterp.Access{Objects: extra}}
	d.sleep = slices.DeleteFunc(d.sleep, func(s Op) bool { return Dependent(s, moved) })
	return now
}

// diverge records that the replay of the path asked for a choice the
// path does not have there (what), and ends the execution (pruned).
func (d *dfs) diverge(ret int, what string, args ...any) int {
	if d.diverged == nil {
		p := d.stack[d.depth]
		kind := "goroutines"
		if p.numbers {
			kind = "numbers"
		}
		d.diverged = fmt.Errorf("dfs: the replay of its path diverged at choice %d: it chose among %s %v there, and now the execution asks for %s", d.depth, kind, p.alts, fmt.Sprintf(what, args...))
	}
	d.pruned = true
	return ret
}

// release hands the search's buffers on to the next dfs; call it once the
// search is over.
func (d *dfs) release() { d.trace.release() }

// Diverged returns the divergence of a replay, if there was one (an error
// of mcheck's or a program that is not deterministic under its schedule):
// the explorer stops with it.
func (d *dfs) Diverged() error { return d.diverged }

var (
	_ Diverger   = (*dfs)(nil)
	_ StateCache = (*dfs)(nil)
)

// Pruned reports whether the current execution reached a point where
// every enabled goroutine sleeps (the explorer stops it).
func (d *dfs) Pruned() bool { return d.pruned }

func (d *dfs) NewExecution(int, uint64) bool {
	if d.reduce && !d.first && !d.pruned {
		d.observe()
	}
	if d.reduce && !d.first && !d.pruned && d.lastPoint >= 0 && d.ex.m.Done() {
		// The last step ended the program (main returned): whatever
		// the others were about to do does not happen after it, so it
		// does not commute with anything.
		p := &d.stack[d.lastPoint]
		p.acc[p.chosen] = ssainterp.Access{All: true}
	}
	if d.dpor && !d.first {
		now, _ := d.names.state(d.steps)
		d.trace.analyse(d.addBacktrack, now)
	}
	d.depth = 0
	d.pruned = false
	d.sleep = nil
	if d.cache != nil {
		d.cache.hit = false
	}
	if d.first {
		d.first = false
		return true
	}
	// Backtrack: advance the deepest point with an allowed alternative.
	for len(d.stack) > 0 {
		top := &d.stack[len(d.stack)-1]
		if i := d.nextAlt(top); i >= 0 {
			top.chosen = i
			top.done = append(top.done, i)
			if len(d.stack) == d.split && !d.claim() {
				continue // another shard's subtree
			}
			if d.dpor {
				keep := top.event
				if top.numbers {
					keep++
				}
				d.trace.truncate(keep)
			}
			return true
		}
		d.stack = d.stack[:len(d.stack)-1]
	}
	return false
}

// nextAlt returns the first alternative of p to explore next, or -1.
func (d *dfs) nextAlt(p *choicePoint) int {
	for i := range p.alts {
		if (p.todo == nil || p.todo[i]) && !slices.Contains(p.done, i) && d.allowed(p, i) {
			return i
		}
	}
	return -1
}

// costs reports whether choosing alternative i at p is a preemption,
// or fires a timer while a goroutine could move, which counts as one.
func (p *choicePoint) costs(i int) bool {
	if !p.numbers && p.alts[i] == Clock {
		return true
	}
	return p.current >= 0 && p.alts[0] == p.current && i > 0
}

func (d *dfs) allowed(p *choicePoint, i int) bool {
	return d.bound < 0 || !p.costs(i) || p.preempt+1 <= d.bound
}

// preemptionsAfter is the preemption count on the path after point p.
func (p *choicePoint) preemptionsAfter() int {
	if p.costs(p.chosen) {
		return p.preempt + 1
	}
	return p.preempt
}

// childSleep is the sleep set below p's chosen alternative: what slept at
// p, and the alternatives explored before it, that are independent of it.
func (p *choicePoint) childSleep() []Op {
	if p.acc == nil {
		return nil // number choices: no reduction across them
	}
	moved := Op{G: p.alts[p.chosen], Access: p.acc[p.chosen]}
	var out []Op
	keep := func(s Op) {
		if !Dependent(s, moved) {
			out = append(out, s)
		}
	}
	for _, s := range p.sleep {
		keep(s)
	}
	for _, i := range p.done[:len(p.done)-1] {
		if !p.split {
			keep(Op{G: p.alts[i], Access: p.acc[i]})
		}
	}
	return out
}

func (d *dfs) NextGoroutine(enabled []int, current int) int {
	if d.depth < len(d.stack) {
		p := d.stack[d.depth]
		if p.numbers || !slices.Contains(enabled, p.alts[p.chosen]) {
			return d.diverge(enabled[0], "goroutines %v", enabled)
		}
		d.trace.point = d.depth
		d.depth++
		d.sleep = p.childSleep()
		return p.alts[p.chosen]
	}
	if d.pruned {
		return enabled[0] // see NextNumber
	}
	alts := dfsOrder(enabled, current)
	var sleep []Op
	if d.reduce && d.ex != nil {
		d.observe()
		sleep = slices.Clone(d.sleep)
	}
	if d.cache != nil && d.ex != nil && !d.top(len(d.stack)) {
		preempt := 0
		if n := len(d.stack); n > 0 {
			preempt = d.stack[n-1].preemptionsAfter()
		}
		var asleep []int
		for _, z := range sleep {
			asleep = append(asleep, z.G)
		}
		cut, only, keep := d.cache.seen(d.ex, current, preempt, asleep)
		if cut {
			d.pruned = true
			return enabled[0]
		}
		if only != nil {
			// Reached again with goroutines awake that slept at the
			// first visit: only they are explored (fingerprint.go).
			alts = slices.DeleteFunc(alts, func(id int) bool { return !slices.Contains(only, id) })
			sleep = slices.DeleteFunc(sleep, func(z Op) bool { return !slices.Contains(keep, z.G) })
		}
	}
	if d.reduce && d.ex != nil {
		alts = slices.DeleteFunc(alts, func(id int) bool {
			return slices.ContainsFunc(sleep, func(s Op) bool { return s.G == id })
		})
		if len(alts) == 0 {
			d.pruned = true
			return enabled[0]
		}
	}
	cur := current
	if alts[0] != current {
		cur = -1 // the last goroutine cannot move (or sleeps): no preemption
	}
	p := choicePoint{alts: alts, current: cur, sleep: sleep, event: d.trace.pos}
	if d.reduce && d.ex != nil {
		p.acc = make([]ssainterp.Access, len(alts))
		for i, id := range alts {
			p.acc[i] = d.names.pending(id).Access
		}
	}
	if d.dpor && d.ex != nil {
		// The first alternative, and the clock: a timer may fire at any
		// point, and no race of the execution says where it must.
		p.todo = make([]bool, len(alts))
		p.todo[0] = true
		if i := slices.Index(alts, Clock); i >= 0 {
			p.todo[i] = true
		}
	}
	d.trace.point = len(d.stack)
	g := d.push(p)
	d.sleep = d.stack[len(d.stack)-1].childSleep()
	return g
}

func (d *dfs) NextNumber(n int) int {
	if d.depth < len(d.stack) {
		p := d.stack[d.depth]
		if !p.numbers || len(p.alts) != n {
			return d.diverge(0, "a number below %d", n)
		}
		d.depth++
		return p.alts[p.chosen]
	}
	if d.pruned {
		// The step that ends a pruned execution (the explorer stops it
		// after the step): a choice point here would be backtracked to
		// on a path where a goroutine choice comes at its depth.
		return 0
	}
	alts := make([]int, n)
	for i := range alts {
		alts[i] = i
	}
	return d.push(choicePoint{alts: alts, current: -1, numbers: true, event: d.trace.pos - 1})
}

// push adds a new choice point below the path and takes its first
// alternative.
func (d *dfs) push(p choicePoint) int {
	if n := len(d.stack); n > 0 {
		p.preempt = d.stack[n-1].preemptionsAfter()
	}
	if d.top(len(d.stack)) {
		p.whole, p.split = true, len(d.stack) == d.split-1
		for i := range p.todo {
			p.todo[i] = true
		}
	}
	p.done = []int{0}
	d.stack = append(d.stack, p)
	d.depth++
	if len(d.stack) == d.split && !d.claim() {
		d.pruned = true // another shard's subtree: the explorer stops the execution after this step
	}
	return p.alts[0]
}

// top reports whether a choice point at stack index i is above the split
// depth of a sharded search (choicePoint.whole).
func (d *dfs) top(i int) bool { return i < d.split }

// claim numbers the subtree below the choice of the point at the split
// depth and reports whether it is this shard's.
func (d *dfs) claim() bool {
	n := d.subtrees
	d.subtrees++
	return n%d.shard.Total == d.shard.Index
}

// sharded gives d its part of the tree, s.
func (d *dfs) sharded(s Shard) *dfs {
	if !s.Whole() {
		d.shard, d.split = s, s.splitDepth()
	}
	return d
}

// dfsOrder orders the alternatives at a goroutine choice: the current
// goroutine first (so the schedule without preemptions comes first), then
// the others by id.
func dfsOrder(enabled []int, current int) []int {
	alts := make([]int, 0, len(enabled))
	if current != Clock && slices.Contains(enabled, current) {
		alts = append(alts, current)
	}
	for _, id := range enabled {
		if id != current {
			alts = append(alts, id)
		}
	}
	return alts
}
