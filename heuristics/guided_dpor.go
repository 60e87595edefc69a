package heuristics

import (
	"slices"

	"github.com/mcheck-dev/mcheck/sched"
)

// Source-DPOR for guided test's backtracking (WithReduction(SourceDPOR)):
// the backtrack set holds only the successors that the races of the
// paths call for, as source-DPOR's backtrack sets do (Abdulla, Aronis,
// Jonsson and Sagonas, "Optimal Dynamic Partial Order Reduction", POPL
// 2014, Algorithm 1; the race analysis is sched.Races, the one dfs uses,
// sched/dpor.go).
//
// Where the greedy search chooses (Fig. 4), it ranks the successors as
// without reduction but keeps none of them yet: it records their ranks
// at the state. When the path is over, sched.Races finds its races; for
// each, the state where the race's first event was chosen needs one of
// the goroutines that start its reversal (the initials). If none of them
// was chosen or kept there, the best ranked of them goes to the backtrack
// set with the meta level and secondary value it had when the state was
// ranked. A successor no race calls for leads only to reorderings of
// independent steps of schedules the search explores or keeps anyway, and
// is not kept (Stats.Unraced counts them). Restored states are paths like
// the others: their races add states in turn, to any state of their
// prefix.
//
// Algorithm 1 explores a state's backtrack set depth-first; here the
// backtrack set is explored in the order of Fig. 5 (a meta level at
// random, the best secondary value there). Source sets do not depend on
// that order: a race found on a later path adds to the state it concerns
// wherever the search is, the way parallel DPOR (Simsa, Bryant, Gibson
// and Hickey, "Scalable Dynamic Partial Order Reduction", RV 2012)
// explores states in any order. The sleep sets are guided_por.go's: the
// goroutine chosen at a state sleeps below the successors restored there
// later if independent of them, and a successor kept but asleep where a
// race calls for it is not kept (it was explored from an ancestor), as
// in Algorithm 1; siblings restored earlier do not sleep below a later
// one, so a trace may be explored twice, never left out:
// TestGuidedDPORMazurkiewicz finds every trace of sched's DPOR programs
// explored, for ten seeds each (2 repeats in 472 executions). An
// exhausted search, nothing dropped and every restored prefix replayed,
// has then explored every Mazurkiewicz trace, so a bug reachable on some
// schedule was found. The timer clock depends on everything and no race
// says where it must fire: it is kept at every state where it can, as dfs
// does, and so is every alternative of a select with several ready cases
// (NextNumber).
//
// It costs guidance: a successor no race calls for is not kept even if
// the heuristic ranks it best, so a guided search that needs
// backtracking may take longer or miss within its bound
// (examples/bench/guided_table.md measures it); off by default.

// guidedDPOR is the reduction's state in a trial.
type guidedDPOR struct {
	on     bool
	races  sched.Races
	states []*node // the states of the path by depth, where each choice was made
}

// restored starts a path at cur, the state restored (or the initial
// state): the states of its prefix are cur's ancestors.
func (r *guidedDPOR) restored(cur *node) {
	r.states = slices.Grow(r.states[:0], cur.depth)[:cur.depth]
	for n := cur.parent; n != nil; n = n.parent {
		r.states[n.depth] = n
	}
}

// chose records that the choice of depth depth, replayed, chose the next
// step.
func (r *guidedDPOR) chose(depth int) { r.races.Chose(depth) }

// choose records the ranked successors succ of the current state, where
// the greedy search chose succ[best]; it keeps the clock's successor
// right away.
func (r *guidedDPOR) choose(s *Guided, succ []successor, best int, asleep []int, sleep []*sleeper) {
	st := s.cur
	st.asleep, st.sleep = asleep, sleep
	for len(r.states) <= st.depth {
		r.states = append(r.states, nil)
	}
	r.states = r.states[:st.depth+1]
	r.states[st.depth] = st
	st.succ, st.tried = succ, []int{succ[best].g}
	s.stats.Unraced += int64(len(succ) - 1)
	if i := slices.IndexFunc(succ, func(x successor) bool { return x.g == sched.Clock }); i >= 0 && i != best {
		r.keep(s, st, succ[i])
	}
	r.races.Chose(st.depth)
}

// keep adds successor x of state st to the backtrack set.
func (r *guidedDPOR) keep(s *Guided, st *node, x successor) {
	st.tried = append(st.tried, x.g)
	s.stats.Unraced--
	s.keep(entry{parent: st, choice: x.g, level: x.level, h: x.h, key: x.key, op: x.op, sleep: st.sleep})
}

// end analyses the path just over and keeps the successors its races
// call for.
func (r *guidedDPOR) end(s *Guided) {
	r.races.End(func(depth int, initials []int) {
		st := r.states[depth]
		if slices.ContainsFunc(initials, func(g int) bool { return slices.Contains(st.tried, g) || slices.Contains(st.asleep, g) }) {
			return // one is explored or kept there, or sleeps there (explored from an ancestor)
		}
		best := -1
		for i, x := range st.succ {
			if slices.Contains(initials, x.g) && (best < 0 || x.better(st.succ[best])) {
				best = i
			}
		}
		if best >= 0 {
			r.keep(s, st, st.succ[best])
		}
	})
}
