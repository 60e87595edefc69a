package sched

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
// Pruning by visited states is not combined with the sleep sets or DPOR:
// a state reached again may have been explored under a sleep set that
// left out schedules the second visit would need (the known unsoundness
// of stateful search with naive partial-order reduction), so with state
// caching dfs runs without reduction. Two states that differ only in the
// race detector's happens-before history hash alike, so a data race that
// only one history leads to can be missed: use it with Options.NoRaces,
// or as a fast first pass.

// stateCache is the visited-state set of a stateful dfs.
type stateCache struct {
	visited map[uint64]int // state hash → fewest preemptions it was reached with
	hit     bool           // the current execution was cut at a state already seen
}

// seen reports whether the state of ex, after a step of current and with
// preempt preemptions on the path, was reached before with no more; it
// records it otherwise.
func (c *stateCache) seen(ex *Execution, current, preempt int) bool {
	if c.visited == nil {
		c.visited = map[uint64]int{}
	}
	key := ex.m.StateHash()*1099511628211 ^ uint64(current+1)
	if p, ok := c.visited[key]; ok && p <= preempt {
		c.hit = true
		return true
	}
	c.visited[key] = preempt
	return false
}

// StateHit reports whether the last execution was cut short at a state
// already seen (Report.StateHits counts them).
func (d *dfs) StateHit() bool { return d.cache != nil && d.cache.hit }
