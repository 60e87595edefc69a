package sched

// Accessors of Execution for the secondary heuristics of guided search
// (package heuristics): which goroutines are blocked, and where each was
// created.

// Blocked returns the ids of the goroutines that have not finished and
// cannot move now, in order.
func (e *Execution) Blocked() []int { return e.m.Blocked() }

// NumBlocked is len(e.Blocked()), without making the list: from the
// enabled set the scheduler computed for the present state. Where it did
// not (the fair phase past the step bound lets the running goroutine go
// on without asking every goroutine whether it can move), it is the
// count of the last state it computed, so that a heuristic's fitness
// does not make each step of a long execution cost one question to
// every goroutine.
func (e *Execution) NumBlocked() int {
	if e.enabled >= 0 {
		return e.m.NumLive() - e.enabled
	}
	return e.blocked
}

// Created returns where goroutine id was created: the "file.go:line" of
// its go statement, "" for the main goroutine. It formats the
// goroutine's description: a caller that asks often should remember it
// for the execution (ids are not reused within one).
func (e *Execution) Created(id int) string { return e.m.Goroutine(id).Created }

// Goroutines returns how many goroutines the execution has created so
// far; their ids are 1 to that number.
func (e *Execution) Goroutines() int { return e.m.NumGoroutines() }
