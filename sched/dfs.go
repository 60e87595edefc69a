package sched

import (
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
type dfs struct {
	bound  int // -1: unbounded
	reduce bool
	stack  []choicePoint
	depth  int
	first  bool
	ex     *Execution // the execution in progress (see Observer)
	pruned bool       // every enabled goroutine sleeps: the rest is redundant
	sleep  []Op       // the sleep set at the current point of the execution
}

type choicePoint struct {
	alts    []int              // alternatives: goroutine ids (current first) or numbers
	chosen  int                // index into alts
	preempt int                // preemptions on the path before this point
	current int                // the goroutine that moved last; -1 for number choices
	numbers bool               // a choice among numbers, not goroutines
	sleep   []Op               // sleeping goroutines and the operations they are stopped at (G and Access)
	acc     []ssainterp.Access // per alternative (goroutine choices)
}

// newDFS returns a dfs with preemption bound as Options.PreemptionBound
// gives it (0: the default, 2).
func newDFS(bound int, reduce bool) *dfs {
	switch bound {
	case 0:
		bound = 2
	case NoPreemptions:
		bound = 0
	}
	return &dfs{bound: bound, reduce: reduce, first: true}
}

var (
	_ Observer = (*dfs)(nil)
	_ Pruner   = (*dfs)(nil)
)

// Begin implements Observer.
func (d *dfs) Begin(ex *Execution) { d.ex = ex }

// Performed implements Observer: every step, forced or chosen, wakes
// the sleepers it depends on.
func (d *dfs) Performed(op Op) {
	d.sleep = slices.DeleteFunc(d.sleep, func(s Op) bool { return Dependent(s, op) })
}

// Pruned reports whether the current execution reached a point where
// every enabled goroutine sleeps (the explorer stops it).
func (d *dfs) Pruned() bool { return d.pruned }

func (d *dfs) NewExecution(int, uint64) bool {
	d.depth = 0
	d.pruned = false
	d.sleep = nil
	if d.first {
		d.first = false
		return true
	}
	// Backtrack: advance the deepest point with an allowed alternative.
	for len(d.stack) > 0 {
		top := &d.stack[len(d.stack)-1]
		for top.chosen+1 < len(top.alts) {
			top.chosen++
			if d.allowed(top, top.chosen) {
				return true
			}
		}
		d.stack = d.stack[:len(d.stack)-1]
	}
	return false
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
	for i := range p.chosen {
		keep(Op{G: p.alts[i], Access: p.acc[i]})
	}
	return out
}

func (d *dfs) NextGoroutine(enabled []int, current int) int {
	if d.depth < len(d.stack) {
		p := d.stack[d.depth]
		d.depth++
		d.sleep = p.childSleep()
		return p.alts[p.chosen]
	}
	alts := dfsOrder(enabled, current)
	var sleep []Op
	if d.reduce && d.ex != nil {
		sleep = slices.Clone(d.sleep)
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
	p := choicePoint{alts: alts, current: cur, sleep: sleep}
	if d.reduce && d.ex != nil {
		p.acc = make([]ssainterp.Access, len(alts))
		for i, id := range alts {
			p.acc[i] = d.ex.Pending(id).Access
		}
	}
	g := d.push(p)
	d.sleep = d.stack[len(d.stack)-1].childSleep()
	return g
}

func (d *dfs) NextNumber(n int) int {
	if d.depth < len(d.stack) {
		p := d.stack[d.depth]
		d.depth++
		return p.alts[p.chosen]
	}
	alts := make([]int, n)
	for i := range alts {
		alts[i] = i
	}
	return d.push(choicePoint{alts: alts, current: -1, numbers: true})
}

// push adds a new choice point below the path and takes its first
// alternative.
func (d *dfs) push(p choicePoint) int {
	if n := len(d.stack); n > 0 {
		p.preempt = d.stack[n-1].preemptionsAfter()
	}
	d.stack = append(d.stack, p)
	d.depth++
	return p.alts[0]
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
