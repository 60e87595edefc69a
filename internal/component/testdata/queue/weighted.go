package queue

import (
	"errors"
	"sync"
)

// Weighted is golang.org/x/sync/semaphore.Weighted's shape (the fixed
// version of examples/realworld/semaphore-cancel-wakeup), of two tokens:
// an Acquire that cannot take its tokens at once queues as a waiter; one
// whose context is cancelled (cancelled) leaves the queue afterwards and
// fails; TryAcquire fails while a waiter is queued, even one about to
// leave; Release of more than is held panics (a misuse, by design). An
// environment goroutine whose Acquire and TryAcquire failed and that then
// releases tokens panics when the other goroutine holds fewer than it
// releases, and in some executions the other's TryAcquire(1) returned
// false only because the cancelled Acquire was queued for a moment: no
// order of the calls one at a time shows that panic, and the sequential
// baseline reported it as a concurrency bug. The default protocol's
// pairing of Acquire and TryAcquire with Release (envgen/pairs.go)
// makes no such Release: a goroutine releases only what it acquired.
//
// NewWeightedRacy's TryAcquire checks and takes in two critical
// sections: two TryAcquire(1) at once on its one token both pass the
// check, and the second to take it panics on the semaphore's invariant
// (more held than there are): a concurrency bug, which no order of the
// calls one at a time shows.
//
// NewWeightedLost has x/sync's bug before the fix (golang/go#37852): a
// cancelled Acquire at the front of the queue leaves it without waking
// the waiters behind it, so an Acquire(1) queued behind a cancelled
// Acquire(2) stays blocked although a token is free: a lost wake-up.
type Weighted struct {
	mu      sync.Mutex
	size    int
	cur     int
	waiters []*waiter
	racy    bool
	lost    bool
}

type waiter struct {
	n     int
	ready chan struct{}
}

var errCancelled = errors.New("context canceled")

// NewWeighted returns a semaphore of two tokens.
func NewWeighted() *Weighted { return &Weighted{size: 2} }

// NewWeightedRacy returns a semaphore of one token whose TryAcquire
// checks and takes in two critical sections.
func NewWeightedRacy() *Weighted { return &Weighted{size: 1, racy: true} }

// NewWeightedLost returns a semaphore of two tokens whose cancelled
// Acquire does not wake the waiters behind it.
func NewWeightedLost() *Weighted { return &Weighted{size: 2, lost: true} }

// Acquire takes n tokens, waiting for them, or, if cancelled, gives up
// (after queueing, when it could not take them at once).
func (s *Weighted) Acquire(n int, cancelled bool) error {
	s.mu.Lock()
	if s.size-s.cur >= n && len(s.waiters) == 0 {
		s.cur += n
		s.mu.Unlock()
		return nil
	}
	w := &waiter{n: n, ready: make(chan struct{})}
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	if !cancelled {
		<-w.ready
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-w.ready:
		// Acquired after it was cancelled: it gives the tokens back,
		// as x/sync's does since v0.7.0 (before, it kept them).
		s.cur -= n
		s.notify()
		return errCancelled
	default:
	}
	front := s.waiters[0] == w
	for i, x := range s.waiters {
		if x == w {
			s.waiters = append(s.waiters[:i], s.waiters[i+1:]...)
			break
		}
	}
	if front && s.size > s.cur && !s.lost {
		s.notify()
	}
	return errCancelled
}

// TryAcquire takes n tokens if they are free and nobody waits.
func (s *Weighted) TryAcquire(n int) bool {
	s.mu.Lock()
	ok := s.size-s.cur >= n && len(s.waiters) == 0
	if !s.racy {
		if ok {
			s.cur += n
		}
		s.mu.Unlock()
		return ok
	}
	s.mu.Unlock()
	if ok {
		s.mu.Lock()
		s.cur += n
		if s.cur > s.size {
			s.mu.Unlock()
			panic("semaphore: more held than there are")
		}
		s.mu.Unlock()
	}
	return ok
}

// Release gives back n tokens; it panics when more are released than
// are held.
func (s *Weighted) Release(n int) {
	s.mu.Lock()
	s.cur -= n
	if s.cur < 0 {
		s.mu.Unlock()
		panic("semaphore: released more than held")
	}
	s.notify()
	s.mu.Unlock()
}

// notify wakes the waiters at the front of the queue that the free
// tokens are enough for.
func (s *Weighted) notify() {
	for len(s.waiters) > 0 {
		w := s.waiters[0]
		if s.size-s.cur < w.n {
			break
		}
		s.cur += w.n
		s.waiters = s.waiters[1:]
		close(w.ready)
	}
}

// Mutex is a mutex in sync.Mutex's shape whose Unlock panics when it is
// not locked, as sync's does (a fatal error there): an environment that
// unlocks what it did not lock misuses it. TryLock fails while it is
// locked. NewMutexRacy's TryLock checks and locks in two critical
// sections: two TryLocks at once both pass the check, and the second to
// lock panics ("locked twice"): a concurrency bug.
type Mutex struct {
	mu     sync.Mutex
	free   *sync.Cond
	locked bool
	racy   bool
}

// NewMutex returns an unlocked mutex.
func NewMutex() *Mutex {
	m := &Mutex{}
	m.free = sync.NewCond(&m.mu)
	return m
}

// NewMutexRacy returns an unlocked mutex whose TryLock is a
// check-then-act over two critical sections.
func NewMutexRacy() *Mutex {
	m := NewMutex()
	m.racy = true
	return m
}

// Lock locks, waiting while it is locked.
func (m *Mutex) Lock() {
	m.mu.Lock()
	for m.locked {
		m.free.Wait()
	}
	m.locked = true
	m.mu.Unlock()
}

// TryLock locks if it is unlocked, and reports whether it did.
func (m *Mutex) TryLock() bool {
	m.mu.Lock()
	ok := !m.locked
	if !m.racy {
		m.locked = m.locked || ok
		m.mu.Unlock()
		return ok
	}
	m.mu.Unlock()
	if ok {
		m.mu.Lock()
		if m.locked {
			m.mu.Unlock()
			panic("mutex: locked twice")
		}
		m.locked = true
		m.mu.Unlock()
	}
	return ok
}

// Unlock unlocks; it panics if the mutex is not locked.
func (m *Mutex) Unlock() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.locked {
		panic("mutex: unlock of unlocked mutex")
	}
	m.locked = false
	m.free.Signal()
}
