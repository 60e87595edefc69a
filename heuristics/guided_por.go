package heuristics

import (
	"slices"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Partial-order reduction of guided test's backtrack set: sleep sets
// (Godefroid, "Partial-Order Methods for the Verification of Concurrent
// Systems", LNCS 1032, 1996) along the greedy paths, on the
// dependency relation of sched.Dependent that dfs's sleep sets and
// source-DPOR (sched/dpor.go) use.
//
// At a state s the greedy search chooses p (Fig. 4) and keeps every
// other successor s·t in the backtrack set. When s·t is restored, p
// sleeps below it if t's operation is independent of p's: s·t·p leads to
// the state s·p·t does, which lies in p's subtree, already searched
// (its greedy path) or kept (s·p·t was a successor on that path, in the
// backtrack set or chosen). A sleeping goroutine is not ranked and adds
// no backtrack state until an operation dependent on its pending one
// runs; an execution where every goroutine that can move sleeps is cut
// short (sched.Pruner), its rest redundant. The sleep set of s itself
// goes down too: what slept at s and is independent of t still sleeps
// at s·t. The siblings restored before s·t do not sleep below it (the
// backtrack set picks them in no fixed order), which prunes less than
// Godefroid's search would, never more.
//
// Sleep sets prune transitions, not states: a search with them reaches
// every state the search without them reaches (Godefroid's book: sleep
// sets alone reduce the transitions explored, not the states), so an
// exhausted guided search still saw every reachable state, and the
// states a bounded trial drops or never picks are those it would have
// missed anyway. NewGuided's trials run without the reduction;
// WithReduction(true) turns it on.
//
// Three things of Go that sched/dpor.go lists are handled as dfs does:
// a step that completes another goroutine's pending operation (a send to
// a waiting receiver) touched that goroutine's objects too and wakes the
// sleepers that depend on them; the step that ends the program (main
// returns) depends on everything, so it sleeps below none of its
// siblings; the clock firing a timer depends on everything.

// sleeper is an operation that sleeps below the states that keep it: a
// goroutine and the access of its pending operation, renamed
// (sched.ObjectNames). Shared by pointer, so that what the execution
// learns after the choice (a widened access, the end of the program)
// reaches every backtrack state that keeps it.
type sleeper struct{ op sched.Op }

// guidedPOR is the reduction's state in a trial.
type guidedPOR struct {
	on     bool
	names  sched.ObjectNames
	steps  int        // steps performed in the execution
	before []sched.Op // the pending operations before the last step, by goroutine
	sleep  []*sleeper // the sleep set now
	armed  []*sleeper // the sleep set of the state being restored, set once its replay ends
	pruned bool       // every goroutine that can move sleeps
	chosen *sleeper   // the operation chosen at the choice point just made
	last   *sleeper   // the last step's operation if it was chosen, nil if it was forced
	mover  int        // the goroutine of the last step
}

// Reduction is a partial-order reduction of guided test's backtracking.
type Reduction int

const (
	NoReduction Reduction = iota // every successor not chosen is kept (the search of Rungta and Mercer 2008)
	SleepSets                    // sleep sets along the greedy paths (guided_por.go)
	SourceDPOR                   // only the successors the paths' races call for (guided_dpor.go), with sleep sets
)

// Reductions are the reductions by name, as the bench's -reduce takes them.
var Reductions = map[string]Reduction{"none": NoReduction, "sleep": SleepSets, "dpor": SourceDPOR}

// WithReduction sets the partial-order reduction of guided test's
// backtracking and returns s. Set it before the first execution.
func (s *Guided) WithReduction(r Reduction) *Guided {
	s.por.on, s.dpor.on = r != NoReduction, r == SourceDPOR
	return s
}

// Pruned implements sched.Pruner: with the reduction on, an execution
// stops where every goroutine that can move sleeps; with a visited set,
// where it reaches a state already visited.
func (s *Guided) Pruned() bool { return s.por.pruned || s.visited.hit }

func (r *guidedPOR) begin(ex *sched.Execution) {
	r.names.Begin(ex)
	r.steps, r.pruned, r.chosen, r.last, r.mover = 0, false, nil, nil, 0
	r.before, r.sleep = r.before[:0], nil
}

// end is called when an execution is over: if its last step was chosen,
// it ended the program (or the search there), so it commutes with
// nothing and sleeps below none of its siblings.
func (r *guidedPOR) end() {
	if r.last != nil && !r.pruned {
		r.last.op.Access = ssainterp.Access{All: true}
	}
}

// restore arms the sleep set of backtrack state e: what slept at its
// parent, and the operation chosen there, if independent of e's.
func (r *guidedPOR) restore(e entry) {
	r.armed = nil
	for _, z := range e.sleep {
		if !sched.Dependent(z.op, e.op) {
			r.armed = append(r.armed, z)
		}
	}
}

// observe names the objects of the state after the last step (once per
// state) and returns its pending operations, renamed, by goroutine. A
// step that changed another goroutine's pending operation (a send that
// completed a waiting receive) touched that goroutine's objects too: the
// step's access widens, and the sleepers that depend on them wake (as
// dfs's observe).
func (r *guidedPOR) observe() []sched.Op {
	now, fresh := r.names.State(r.steps)
	if !fresh {
		return now
	}
	extra := sched.Completed(r.before, now, r.mover)
	r.before = append(r.before[:0], now...)
	if len(extra) > 0 {
		if r.last != nil {
			r.last.op.Access = sched.Widen(r.last.op.Access, extra)
		}
		r.wake(sched.Op{G: r.mover, Access: ssainterp.Access{Objects: extra}})
	}
	return now
}

// performed records step op; restored: the replay of the state being
// restored is over, so its sleep set holds from this step on.
func (r *guidedPOR) performed(op sched.Op, restored bool) {
	r.observe()
	op = r.names.Op(op)
	if restored && r.armed != nil {
		r.sleep, r.armed = r.armed, nil
	}
	if r.asleep(op.G) {
		// A sleeping goroutine moves: it was the only one that could
		// (a forced step), so every goroutine that can move sleeps.
		r.pruned = true
	}
	r.wake(op)
	r.last = nil
	if r.chosen != nil && r.chosen.op.G == op.G {
		r.last = r.chosen
	}
	r.chosen, r.mover = nil, op.G
	r.steps++
}

func (r *guidedPOR) wake(op sched.Op) {
	r.sleep = slices.DeleteFunc(r.sleep, func(z *sleeper) bool { return sched.Dependent(z.op, op) })
}

func (r *guidedPOR) asleep(g int) bool {
	return slices.ContainsFunc(r.sleep, func(z *sleeper) bool { return z.op.G == g })
}

// opOf is goroutine g's pending operation in state now, renamed.
func opOf(now []sched.Op, g int) sched.Op {
	if g == sched.Clock || g >= len(now) {
		return sched.Op{G: g, Access: ssainterp.Access{All: true}}
	}
	return now[g]
}

// choose records that the greedy search chose g in state now and
// returns the sleep set of its siblings: the current one and g's
// operation (filtered against each sibling's when it is restored).
func (r *guidedPOR) choose(now []sched.Op, g int) []*sleeper {
	r.chosen = &sleeper{op: opOf(now, g)}
	return append(slices.Clip(r.sleep), r.chosen)
}
