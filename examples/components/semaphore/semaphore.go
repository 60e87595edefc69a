// Package semaphore is a weighted semaphore in the style of
// golang.org/x/sync/semaphore (without contexts): Acquire(n) takes n
// units of a capacity of Size, waiting in FIFO order while they are not
// free, and Release(n) gives them back.
//
// By design:
//   - Acquire blocks while fewer than n units are free or earlier
//     callers wait; an Acquire that no Release will ever make room for
//     blocks forever, and Acquire(n) with n > Size always blocks forever
//     (x/sync's Acquire waits for its context in that case).
//   - Acquire, TryAcquire and Release panic on a negative n, and Release
//     panics when it releases more units than are held, as x/sync's does
//     ("semaphore: released more than held").
//   - TryAcquire never blocks: it takes the units only if they are free
//     and nobody waits.
//
// The bug is in Acquire (semaphore.go, method Acquire): the buggy
// semaphore decides to wait in one critical section and queues its
// waiter in a second one. A Release between the two sees no waiter, so
// its wake-up is lost, and the Acquire waits forever although the units
// it needs are free: a goroutine blocked forever. NewFixed queues the
// waiter in the critical section where it found the units taken.
package semaphore

import "sync"

// Size is the capacity of the semaphore in units.
const Size = 2

// waiter is an Acquire waiting for n units; ready is closed when it has
// them.
type waiter struct {
	n     int
	ready chan struct{}
}

// Weighted is a weighted semaphore of Size units. Its zero value is not
// usable: make one with New or NewFixed.
type Weighted struct {
	fixed bool

	mu      sync.Mutex
	cur     int      // units held; Inv: 0 <= cur <= Size
	waiters []waiter // FIFO; Inv: the first one does not fit in Size-cur
}

// New returns a semaphore with all units free and the injected bug in
// Acquire.
func New() *Weighted { return &Weighted{} }

// NewFixed returns a semaphore with all units free, without the bug.
func NewFixed() *Weighted { return &Weighted{fixed: true} }

func checkWeight(n int) {
	if n < 0 {
		panic("semaphore: negative weight")
	}
}

// Acquire takes n units, blocking until they are free and every earlier
// Acquire has its units. With n > Size it blocks forever. It panics if
// n is negative.
func (s *Weighted) Acquire(n int) {
	checkWeight(n)
	s.mu.Lock()
	if Size-s.cur >= n && len(s.waiters) == 0 {
		s.cur += n
		s.mu.Unlock()
		return
	}
	if n > Size {
		s.mu.Unlock()
		select {} // never satisfiable: blocked forever, by design
	}
	w := waiter{n: n, ready: make(chan struct{})}
	if s.fixed {
		s.waiters = append(s.waiters, w)
		s.mu.Unlock()
	} else {
		// injected bug: the waiter is queued in a second critical
		// section; a Release in between finds no waiter to wake.
		s.mu.Unlock()
		s.mu.Lock()
		s.waiters = append(s.waiters, w)
		s.mu.Unlock()
	}
	<-w.ready
}

// TryAcquire takes n units if they are free and nobody waits, and
// reports whether it did. It never blocks. It panics if n is negative.
func (s *Weighted) TryAcquire(n int) bool {
	checkWeight(n)
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := Size-s.cur >= n && len(s.waiters) == 0
	if ok {
		s.cur += n
	}
	return ok
}

// Release gives back n units and wakes the waiters that now fit, in
// FIFO order. It panics if n is negative or more than the units held.
func (s *Weighted) Release(n int) {
	checkWeight(n)
	s.mu.Lock()
	defer s.mu.Unlock()
	if n > s.cur {
		panic("semaphore: released more than held")
	}
	s.cur -= n
	for len(s.waiters) > 0 {
		w := s.waiters[0]
		if Size-s.cur < w.n {
			break // FIFO: later waiters wait behind the first
		}
		s.cur += w.n
		s.waiters = s.waiters[1:]
		close(w.ready)
	}
}
