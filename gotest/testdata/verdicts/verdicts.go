// Package verdicts is a fixture of gotest's tests: each function runs
// into one of the ways a check can end without a verdict (a bound of
// mcheck's, a function it cannot run), and the tests of verdicts_test.go
// call them through each front end. None of them may crash the test
// binary: each is an mcheck error of its own test, and the other tests
// of the package still run.
package verdicts

import (
	"sync"
	_ "unsafe" // go:linkname
)

// getm has no Go body: mcheck cannot run it.
//
//go:linkname getm runtime.getm
func getm() uintptr

// Loop never returns: the loop bound.
func Loop() int {
	n := 0
	for {
		n++
	}
}

// Deep recurses without end: the call depth bound.
func Deep(n int) int { return Deep(n+1) + 1 }

// Hog allocates without end: the memory bound.
func Hog() int {
	var s [][]int
	for {
		s = append(s, make([]int, 1<<20))
	}
}

// Native calls a function with no Go body.
func Native() uintptr { return getm() }

// Each component's one method runs into its bound.
type (
	Looper struct{ mu sync.Mutex }
	Diver  struct{ mu sync.Mutex }
	Hogger struct{ mu sync.Mutex }
	Caller struct{ mu sync.Mutex }
)

func NewLooper() *Looper { return &Looper{} }
func NewDiver() *Diver   { return &Diver{} }
func NewHogger() *Hogger { return &Hogger{} }
func NewCaller() *Caller { return &Caller{} }

func (l *Looper) Run() int     { l.mu.Lock(); defer l.mu.Unlock(); return Loop() }
func (d *Diver) Run() int      { d.mu.Lock(); defer d.mu.Unlock(); return Deep(0) }
func (h *Hogger) Run() int     { h.mu.Lock(); defer h.mu.Unlock(); return Hog() }
func (c *Caller) Run() uintptr { c.mu.Lock(); defer c.mu.Unlock(); return Native() }

// Slow's one method works for seconds: under a budget of a second no
// execution of an environment finishes.
type Slow struct{ mu sync.Mutex }

func NewSlow() *Slow { return &Slow{} }

func (s *Slow) Run() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := map[int]int{}
	for i := range 9_000_000 {
		m[i%1000] += i
	}
	return len(m)
}

// Tally's Add races on its total; each call works long enough (tens of
// milliseconds under mcheck) that the sequential baseline and shrinking
// after the race is found would run for seconds past a 1s budget.
type Tally struct{ total int }

func NewTally() *Tally { return &Tally{} }

func (t *Tally) Add(n int) int {
	sum := 0
	for i := range 200_000 {
		sum += i % 7
	}
	t.total += n
	return sum
}

// Sem is a one-unit semaphore: Acquire blocks while it is held, and a
// Release without a holder panics, as x/sync's semaphore.Weighted does.
// Correct: every failure of its environments (the fourth Acquire of four
// with three Releases blocks; a Release before any Acquire panics) is
// one that the calls one at a time show too.
type Sem struct{ ch chan struct{} }

func NewSem() *Sem { return &Sem{ch: make(chan struct{}, 1)} }

func (s *Sem) Acquire() { s.ch <- struct{}{} }

func (s *Sem) Release() {
	select {
	case <-s.ch:
	default:
		panic("semaphore: released more than held")
	}
}
