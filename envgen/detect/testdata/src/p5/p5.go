// Package p5 holds instances of P5 (a variable checked in one critical
// section and updated in a later one on the same lock) and code that
// must not be reported.
package p5

import "sync"

// Sem decides to wait in one critical section and queues its waiter in
// the next: a Release in between finds no waiter.
type Sem struct {
	mu      sync.Mutex
	free    int
	waiters []chan struct{}
}

func (s *Sem) Acquire() {
	s.mu.Lock()
	if s.free > 0 && len(s.waiters) == 0 { // want `P5: \(\*Sem\)\.waiters read under \(\*Sem\)\.mu in \(\*Sem\)\.Acquire, then written in a later critical section; written under it in \(\*Sem\)\.Acquire in between \(weight 0\.8\); written under it in \(\*Sem\)\.Release in between \(weight 0\.8\)`
		s.free--
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	w := make(chan struct{})
	s.mu.Lock()
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	<-w
}

func (s *Sem) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiters) > 0 {
		close(s.waiters[0])
		s.waiters = s.waiters[1:]
		return
	}
	s.free++
}

// Once checks and sets its flag in one critical section: not reported.
type Once struct {
	mu   sync.Mutex
	done bool
}

func (o *Once) Do(f func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.done {
		o.done = true
		f()
	}
}

// Cache fills an entry in a second critical section after a miss, and
// checks again there: not reported.
type Cache struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *Cache) Get(k string) int {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = len(k)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]int{}
	}
	c.m[k] = v
	c.mu.Unlock()
	return v
}

// Counter reads under one lock and writes under another: P3's business,
// not P5's.
type Counter struct {
	a, b sync.Mutex
	n    int
}

func (c *Counter) Inc() {
	c.a.Lock()
	n := c.n
	c.a.Unlock()
	c.b.Lock()
	c.n = n + 1
	c.b.Unlock()
}

// Flag checks again under the write lock on one path only: the other
// path (the bug) is reported.
type Flag struct {
	mu      sync.RWMutex
	closed  bool
	careful bool
	ch      chan int
}

func (f *Flag) Close() {
	f.mu.RLock()
	closed := f.closed // want `P5: \(\*Flag\)\.closed read under \(\*Flag\)\.mu in \(\*Flag\)\.Close, then written in a later critical section; written under it in \(\*Flag\)\.Close in between \(weight 0\.8\)`
	f.mu.RUnlock()
	if !closed {
		f.mu.Lock()
		if f.careful {
			if !f.closed {
				f.closed = true
				close(f.ch)
			}
		} else {
			f.closed = true
			close(f.ch)
		}
		f.mu.Unlock()
	}
}
