package heuristics

import "github.com/mcheck-dev/mcheck/sched"

// The visited set of guided test (Rungta and Mercer 2008, Fig. 4, line
// 3: a successor already visited is not ranked), by state
// fingerprints (sched.Execution.StateHash): where the greedy search is to
// choose, it fingerprints the state; if a path of the trial was already
// there at the same meta level, the path ends (sched.Pruner) and the
// search backtracks, since the successors of that state were ranked then
// and are on that path or in the backtrack set. The seed checks each
// successor before ranking it; without snapshots a successor's state is
// known only once the step to it has run, so the check is made when the
// path reaches the state, one step later, and costs that step. The meta
// level is part of the key: a state reached having observed more
// locations of the sequence is a better place to continue from, which
// the paper's search, whose levels are a property of the state's path
// too, would lose.
//
// Off by default (WithVisited), and it needs an exploration that takes
// fingerprints (sched.Options.StateCaching; without it nothing is
// pruned). Two limits, as dfs's state caching
// (sched/fingerprint.go) has them:
//   - The fingerprint does not cover the race detector's happens-before
//     history: a data race that only one of two histories of a state
//     leads to can be missed.
//   - It is not combined with a reduction (WithReduction): a state first
//     visited with goroutines asleep had successors left out that a
//     second visit would need. With a reduction on, no state is pruned.

// visitedSet is the visited set of a trial.
type visitedSet struct {
	on    bool
	state map[uint64]bool
	hit   bool // the current path ended at a state already visited
}

// WithVisited turns guided test's visited set on or off
// (guided_visited.go) and returns s. Set it before the first execution.
func (s *Guided) WithVisited(on bool) *Guided { s.visited.on = on; return s }

// StateHit implements the explorer's count of executions cut at a state
// already seen (sched.StateCache, sched.Report.StateHits).
func (s *Guided) StateHit() bool { return s.visited.hit }

var _ sched.StateCache = (*Guided)(nil)

// seen fingerprints the current state of s's path, at its meta level,
// and reports whether it was visited before; the path then ends.
func (v *visitedSet) seen(s *Guided) bool {
	if !v.on || s.por.on || v.hit {
		return v.hit
	}
	h, ok := s.ex.StateHash()
	if !ok {
		return false // the exploration does not take fingerprints
	}
	if v.state == nil {
		v.state = map[uint64]bool{}
	}
	key := h*1099511628211 ^ uint64(s.level)
	s.stats.Visited++
	if v.state[key] {
		v.hit = true
		s.stats.Revisit++
		return true
	}
	v.state[key] = true
	return false
}
