// Package objectpool models GenericObjectPool from Apache Commons Pool 1.4,
// one of the three components checked in Parizek and Kalibera, "Efficient
// Detection of Errors in Java Components Using Random Environment and
// Restarts", TACAS 2010 (Section 2), into which the authors "manually
// injected a race condition".
//
// The pool lends objects (identified by their int id) up to MaxActive at a
// time, keeps at most MaxIdle returned objects for reuse (LIFO, like the
// Java pool) and fails a Borrow when exhausted (WHEN_EXHAUSTED_FAIL), so
// nothing ever blocks.
//
// The bug is in Borrow (objectpool.go, method Borrow): the buggy pool
// checks the active count against MaxActive under the pool mutex but
// increments it only after releasing the mutex. The increment is an
// unsynchronised write of numActive that races with the other goroutine's
// Borrow, Return, Invalidate or NumActive (and the check-then-act lets two
// borrowers exceed MaxActive). NewFixed increments under the mutex.
package objectpool

import (
	"errors"
	"sync"
)

// Limits of the pool.
const (
	MaxActive = 2 // objects lent at once
	MaxIdle   = 2 // returned objects kept for reuse
)

// Errors returned by the pool.
var (
	ErrExhausted = errors.New("objectpool: MaxActive objects already borrowed")
	ErrNotActive = errors.New("objectpool: no borrowed object with this id")
	ErrIdleFull  = errors.New("objectpool: MaxIdle idle objects already")
)

// obj is a pooled object.
type obj struct {
	id int
}

// Pool is a generic object pool.
type Pool struct {
	fixed bool

	mu        sync.Mutex
	idle      []*obj       // LIFO stack of idle objects
	active    map[int]*obj // borrowed objects by id
	numActive int          // == len(active) outside the mutex
	nextID    int          // id of the next object created
}

// New returns an empty pool with the injected race in Borrow.
func New() *Pool { return &Pool{active: map[int]*obj{}} }

// NewFixed returns an empty pool without the race.
func NewFixed() *Pool { return &Pool{fixed: true, active: map[int]*obj{}} }

// create makes a new object; p.mu is held.
func (p *Pool) create() *obj {
	o := &obj{id: p.nextID}
	p.nextID++
	return o
}

// Borrow lends an object, an idle one if there is one, and returns its id.
func (p *Pool) Borrow() (int, error) {
	p.mu.Lock()
	if p.numActive >= MaxActive {
		p.mu.Unlock()
		return 0, ErrExhausted
	}
	var o *obj
	if n := len(p.idle); n > 0 {
		o = p.idle[n-1]
		p.idle[n-1] = nil
		p.idle = p.idle[:n-1]
	} else {
		o = p.create()
	}
	p.active[o.id] = o
	if p.fixed {
		p.numActive++
		p.mu.Unlock()
	} else {
		// injected bug: the active count is incremented after the mutex
		// is released, an unsynchronised write (and a check-then-act).
		p.mu.Unlock()
		p.numActive++
	}
	return o.id, nil
}

// Return gives the borrowed object id back to the pool.
func (p *Pool) Return(id int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	o, ok := p.active[id]
	if !ok {
		return ErrNotActive
	}
	delete(p.active, id)
	p.numActive--
	if len(p.idle) < MaxIdle {
		p.idle = append(p.idle, o)
	} // else o is destroyed
	return nil
}

// Invalidate destroys the borrowed object id instead of returning it.
func (p *Pool) Invalidate(id int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.active[id]; !ok {
		return ErrNotActive
	}
	delete(p.active, id)
	p.numActive--
	return nil
}

// AddObject creates an idle object in advance.
func (p *Pool) AddObject() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.idle) >= MaxIdle {
		return ErrIdleFull
	}
	p.idle = append(p.idle, p.create())
	return nil
}

// NumIdle returns the number of idle objects.
func (p *Pool) NumIdle() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}

// NumActive returns the number of borrowed objects.
func (p *Pool) NumActive() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.numActive
}

// Clear destroys all idle objects and returns how many there were.
func (p *Pool) Clear() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.idle)
	for i := range p.idle {
		p.idle[i] = nil
	}
	p.idle = p.idle[:0]
	return n
}
