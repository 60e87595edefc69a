package sched

import "slices"

// State caching: dfs as a stateful search (Options.StateCaching). At
// every new choice point it hashes the state of the execution
// (Machine.StateHash: the goroutines' stacks and registers, the reachable
// memory, the channels, the sync objects, the timers and the clock) with
// the goroutine that moved last (a switch away from it is a preemption),
// and cuts the execution short when that state was already reached with
// no more preemptions used: every schedule from it was, or is being,
// explored from the first visit (depth-first, a state reached again on
// another branch had its subtree exhausted before the search backtracked
// past their common prefix; one reached again below itself is a cycle).
//
// With sleep sets (the default reduction; DPOR is off with state
// caching), the sleep set goes with the state, as in Godefroid,
// Holzmann and Pirottin, "State Space Caching Revisited" (CAV 1992; and
// Godefroid's LNCS 1032, 1996, Sect. 5.4): a state first reached with
// sleep set Z1 had the sleeping goroutines' successors left out. Reached
// again with sleep set Z2, it is cut short only if Z1 ⊆ Z2; otherwise
// only the successors of Z1 \ Z2 are explored (the others were from the
// first visit), with Z1 ∩ Z2 asleep, and Z1 ∩ Z2 is kept with the state.
// Sleep sets are compared by goroutine: in one state a goroutine is
// stopped at one operation.
//
// DPOR is not combined with it: an execution cut at a visited state has
// no suffix, so the races between its events before the cut and the
// events after the state (run on the first visit, under another prefix)
// are never seen, and backtrack points before the cut would be missing
// (Yang, Chen, Gopalakrishnan and Kirby, "Efficient Stateful Dynamic
// Partial Order Reduction", SPIN 2008, keep a graph of the operations
// run from each visited state for that; see sched's doc). Two states that
// differ only in the race detector's happens-before history hash alike,
// so a data race that only one history leads to can be missed: use it
// with Options.NoRaces, or as a fast first pass.

// stateCache is the visited-state set of a stateful dfs.
type stateCache struct {
	visited map[uint64]visit // state hash → how it was explored
	hit     bool             // the current execution was cut at a state already seen
	partial int              // states reached again with goroutines awake that slept before
}

// A visit is how a state was explored: with the fewest preemptions it
// was reached with, and the goroutines asleep there (every visit's).
type visit struct {
	preempt int
	asleep  []int
}

// seen looks up the state of ex, after a step of current, with preempt
// preemptions on the path and the goroutines asleep asleep. It reports
// whether it was explored before with no more preemptions and no
// goroutine awake that is awake now (cut), and otherwise, if it was
// explored with no more preemptions, the goroutines to explore now (only,
// those asleep then and awake now) and those to keep asleep (the ones
// asleep at both visits); it records the visit.
func (c *stateCache) seen(ex *Execution, current, preempt int, asleep []int) (cut bool, only, keep []int) {
	if c.visited == nil {
		c.visited = map[uint64]visit{}
	}
	key := ex.stateHash()*1099511628211 ^ uint64(current+1)
	v, ok := c.visited[key]
	if !ok || v.preempt > preempt {
		c.visited[key] = visit{preempt: preempt, asleep: asleep}
		return false, nil, nil
	}
	for _, g := range v.asleep {
		if slices.Contains(asleep, g) {
			keep = append(keep, g)
		} else {
			only = append(only, g)
		}
	}
	if len(only) == 0 {
		c.hit = true
		return true, nil, nil
	}
	c.partial++
	c.visited[key] = visit{preempt: v.preempt, asleep: keep}
	return false, only, keep
}

// StateHit reports whether the last execution was cut short at a state
// already seen (Report.StateHits counts them).
func (d *dfs) StateHit() bool { return d.cache != nil && d.cache.hit }
