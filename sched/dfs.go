package sched

import "slices"

// dfs enumerates every schedule whose number of preemptions is at most a
// bound (iterative context bounding, Musuvathi and Qadeer, PLDI 2007),
// statelessly: each execution replays the choices of the path on its
// stack and extends it, and backtracking advances the deepest choice point
// that has an alternative left. A preemption is a switch away from a
// goroutine that could have continued. With a bound of -1 the search is
// unbounded, so exhausting it proves there is no bug on any schedule.
type dfs struct {
	bound int // -1: unbounded
	stack []choicePoint
	depth int
	first bool
}

type choicePoint struct {
	alts    []int // alternatives: goroutine ids (current first) or numbers
	chosen  int   // index into alts
	preempt int   // preemptions on the path before this point
	current int   // the goroutine that moved last; -1 for number choices
}

func newDFS(bound int) *dfs {
	return &dfs{bound: bound, first: true}
}

func (d *dfs) NewExecution(int, uint64) bool {
	d.depth = 0
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

// costs reports whether choosing alternative i at p is a preemption.
func (p *choicePoint) costs(i int) bool {
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

func (d *dfs) choose(alts []int, current int) int {
	if d.depth < len(d.stack) {
		p := d.stack[d.depth]
		d.depth++
		return p.alts[p.chosen]
	}
	pre := 0
	if n := len(d.stack); n > 0 {
		pre = d.stack[n-1].preemptionsAfter()
	}
	d.stack = append(d.stack, choicePoint{alts: alts, preempt: pre, current: current})
	d.depth++
	return alts[0]
}

// dfsOrder orders the alternatives at a goroutine choice: the current
// goroutine first (so the schedule without preemptions comes first), then
// the others by id.
func dfsOrder(enabled []int, current int) []int {
	alts := make([]int, 0, len(enabled))
	if slices.Contains(enabled, current) {
		alts = append(alts, current)
	}
	for _, id := range enabled {
		if id != current {
			alts = append(alts, id)
		}
	}
	return alts
}

func (d *dfs) NextGoroutine(enabled []int, current int) int {
	alts := dfsOrder(enabled, current)
	cur := current
	if len(alts) > 0 && alts[0] != current {
		cur = -1 // the last goroutine is blocked or done: no preemption
	}
	return d.choose(alts, cur)
}

func (d *dfs) NextNumber(n int) int {
	alts := make([]int, n)
	for i := range alts {
		alts[i] = i
	}
	return d.choose(alts, -1)
}
