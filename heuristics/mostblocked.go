package heuristics

import (
	"slices"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// mostBlocked is the blocked-goroutines heuristic: more blocked
// goroutines is better, the metric of the EDA's fitness (Staunton and
// Clark 2010, Algorithm 3, which sums the blocked threads of
// each state of a path: "increased blocking of threads may lead to a
// deadlocked state"). As a secondary heuristic of guided test it rates
// one successor, the state after goroutine g moves: the goroutines
// blocked now, plus those g's move would block, minus, so that lower is
// better. The successor is not run, so what g's move blocks is read from
// the pending operations: g taking a lock blocks every other goroutine
// stopped at a lock operation on the same lock. Other effects (a send
// that fills a buffer, g itself blocking at its next operation) are not
// predicted, and successors that tie are broken at random by the search.
type mostBlocked struct{ ex *sched.Execution }

// NewMostBlocked returns the most-blocked heuristic.
func NewMostBlocked() Heuristic { return &mostBlocked{} }

func (*mostBlocked) Name() string                { return "most-blocked" }
func (m *mostBlocked) Begin(ex *sched.Execution) { m.ex = ex }

func (m *mostBlocked) Estimate(g int, _ Location) int {
	blocked := m.ex.Blocked()
	n := len(blocked)
	if g == sched.Clock {
		return -n
	}
	if !isLock(m.ex.Wait(g)) {
		return -n
	}
	op := m.ex.Pending(g)
	// The goroutines that could move but wait for the same lock next.
	for id := 1; id <= m.ex.Goroutines(); id++ {
		if id == g || slices.Contains(blocked, id) {
			continue
		}
		if isLock(m.ex.Wait(id)) && sched.Dependent(op, m.ex.Pending(id)) {
			n++
		}
	}
	return -n
}

// isLock reports whether an operation of reason w takes a lock
// exclusively (readers of an RWMutex do not block each other).
func isLock(w ssainterp.WaitReason) bool {
	return w == ssainterp.WaitMutexLock || w == ssainterp.WaitRWMutexLock
}
