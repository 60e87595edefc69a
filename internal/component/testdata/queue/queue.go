// Package queue holds fixtures of the sequential baseline: components
// whose failures are by design (a bounded queue whose Put blocks when it
// is full, a Close that panics on its second call) and components with
// real concurrency bugs.
package queue

import (
	"sync"
	"time"
)

// Queue is a bounded blocking queue of capacity 2: Put blocks while it
// is full, Take while it is empty (both by design).
type Queue struct {
	mu       sync.Mutex
	notFull  *sync.Cond
	notEmpty *sync.Cond
	items    []int
	racy     bool // Len reads without the lock (the bug of NewRacy)
}

const capacity = 2

// New returns an empty queue.
func New() *Queue {
	q := &Queue{}
	q.notFull, q.notEmpty = sync.NewCond(&q.mu), sync.NewCond(&q.mu)
	return q
}

// NewRacy returns a queue whose Len reads the items without the lock: a
// data race with Put and Take.
func NewRacy() *Queue {
	q := New()
	q.racy = true
	return q
}

// Put adds v, waiting while the queue is full.
func (q *Queue) Put(v int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == capacity {
		q.notFull.Wait()
	}
	q.items = append(q.items, v)
	q.notEmpty.Signal()
}

// Take removes the oldest item, waiting while the queue is empty.
func (q *Queue) Take() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.notEmpty.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	return v
}

// Len returns the number of items.
func (q *Queue) Len() int {
	if q.racy {
		return len(q.items)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// Latch is closed once by Close; a second Close panics, as documented
// ("close of closed channel"): misuse by design.
type Latch struct {
	done  chan struct{}
	mu    sync.Mutex
	count int
}

// NewLatch returns an open latch.
func NewLatch() *Latch { return &Latch{done: make(chan struct{})} }

// Close closes the latch; it must be called once.
func (l *Latch) Close() { close(l.done) }

// Add counts one.
func (l *Latch) Add() {
	l.mu.Lock()
	l.count++
	l.mu.Unlock()
}

// Closed reports whether the latch is closed.
func (l *Latch) Closed() bool {
	select {
	case <-l.done:
		return true
	default:
		return false
	}
}

// Accounts moves units between two accounts, each under its own lock.
// Its Transfer takes the locks in the order of its arguments: two
// transfers in opposite directions deadlock (a lock-order deadlock).
type Accounts struct {
	locks [2]sync.Mutex
	bal   [2]int
}

// NewAccounts returns two accounts of 10 units each.
func NewAccounts() *Accounts { return &Accounts{bal: [2]int{10, 10}} }

// Transfer moves one unit from account from (0 or 1) to the other.
func (a *Accounts) Transfer(from bool) {
	i, j := 0, 1
	if from {
		i, j = 1, 0
	}
	a.locks[i].Lock()
	a.locks[j].Lock()
	a.bal[i]--
	a.bal[j]++
	a.locks[j].Unlock()
	a.locks[i].Unlock()
}

// Event is set once by Set; Wait waits until it is. Its Wait looks at the
// flag and then waits for Set's wake-up, which Set sends only if someone
// is receiving: a Set between the two is lost, and Wait blocks forever
// although the event is set (a lost wake-up). Wait before any Set blocks
// by design.
type Event struct {
	mu    sync.Mutex
	set   bool
	wake  chan struct{}
	once  sync.Once
	done  chan struct{}
	fixed bool
}

// NewEvent returns an event with the lost wake-up.
func NewEvent() *Event { return &Event{wake: make(chan struct{}), done: make(chan struct{})} }

// NewEventFixed returns an event whose Set closes a channel Wait receives from.
func NewEventFixed() *Event {
	e := NewEvent()
	e.fixed = true
	return e
}

// Set sets the event and wakes a waiter.
func (e *Event) Set() {
	if e.fixed {
		e.once.Do(func() { close(e.done) })
		return
	}
	e.mu.Lock()
	e.set = true
	e.mu.Unlock()
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

// Wait returns once the event is set.
func (e *Event) Wait() {
	if e.fixed {
		<-e.done
		return
	}
	e.mu.Lock()
	set := e.set
	e.mu.Unlock()
	if !set {
		<-e.wake
	}
}

// Pool keeps idle items and purges them every millisecond from a
// goroutine its constructor starts (a daemon), which Release ends.
type Pool struct {
	mu   sync.Mutex
	idle []int
	stop chan struct{}
}

// NewPool starts a pool and its purger.
func NewPool() *Pool {
	p := &Pool{stop: make(chan struct{})}
	go p.purge()
	return p
}

func (p *Pool) purge() {
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			p.mu.Lock()
			p.idle = nil
			p.mu.Unlock()
		case <-p.stop:
			return
		}
	}
}

// Put returns an item to the pool.
func (p *Pool) Put(v int) {
	p.mu.Lock()
	p.idle = append(p.idle, v)
	p.mu.Unlock()
}

// Get takes an idle item, or -1.
func (p *Pool) Get() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.idle) == 0 {
		return -1
	}
	v := p.idle[len(p.idle)-1]
	p.idle = p.idle[:len(p.idle)-1]
	return v
}

// Release stops the purger; it must be called once.
func (p *Pool) Release() { close(p.stop) }

// Counter counts. Its Get and Set are each locked, but Inc composes
// them without holding the lock across: two Incs at once may both
// return 1 (a linearizability violation, no data race). NewCounterFixed
// increments under one lock.
type Counter struct {
	mu    sync.Mutex
	n     int
	fixed bool
}

// NewCounter returns the counter whose Inc is not atomic.
func NewCounter() *Counter { return &Counter{} }

// NewCounterFixed returns the counter whose Inc is atomic.
func NewCounterFixed() *Counter { return &Counter{fixed: true} }

// Get returns the count.
func (c *Counter) Get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Set sets the count.
func (c *Counter) Set(n int) {
	c.mu.Lock()
	c.n = n
	c.mu.Unlock()
}

// Inc adds one and returns the new count.
func (c *Counter) Inc() int {
	if c.fixed {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.n++
		return c.n
	}
	n := c.Get() + 1
	c.Set(n)
	return n
}

// Sem is a one-token semaphore: Acquire blocks while the token is held
// (by design), Give gives it back (or does nothing), and Hold blocks for
// ever (by design, elsewhere). A goroutine that acquires twice blocks for
// ever, and its Give after that never runs: a sequential run with blocked
// calls suspended must not run it either, or no sequential order shows
// that Acquire and a Hold blocked together (x/sync's semaphore: Acquire
// of one token twice, and of more tokens than there are).
type Sem struct{ token, never chan struct{} }

func NewSem() *Sem { return &Sem{token: make(chan struct{}, 1), never: make(chan struct{})} }

func (s *Sem) Hold() { s.never <- struct{}{} }

func (s *Sem) Acquire() { s.token <- struct{}{} }

func (s *Sem) Give() {
	select {
	case <-s.token:
	default:
	}
}

// Lease hands out one lease, made in the background: TryGet starts making
// it and reports false until it is made, and a later TryGet takes it;
// Close waits until the lease is given back with Put (by design). An
// environment that takes the lease and calls Close without a Put blocks
// there: a misuse, but one that only shows once the lease was made
// between the two TryGets, which the sequential run's first schedule (each
// goroutine runs until it blocks) never does before the second (a settled
// run does; jackc/puddle's TryAcquire and Close).
type Lease struct {
	mu                sync.Mutex
	back              *sync.Cond
	making, made, out bool
}

func NewLease() *Lease {
	l := &Lease{}
	l.back = sync.NewCond(&l.mu)
	return l
}

func (l *Lease) TryGet() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.made && !l.out {
		l.out = true
		return true
	}
	if !l.made && !l.making {
		l.making = true
		go l.make()
	}
	return false
}

func (l *Lease) make() {
	l.mu.Lock()
	l.made, l.making = true, false
	l.mu.Unlock()
}

func (l *Lease) Put() {
	l.mu.Lock()
	l.out = false
	l.back.Broadcast()
	l.mu.Unlock()
}

func (l *Lease) Close() {
	l.mu.Lock()
	for l.out {
		l.back.Wait()
	}
	l.mu.Unlock()
}

// Resources hands out resources that Close waits for (by design, as
// jackc/puddle's Pool does): a caller releases what it took first, and so
// does the environment before the Finish call (Release methods).
type Resources struct {
	mu   sync.Mutex
	back *sync.Cond
	out  int
}

// Res is one resource of Resources.
type Res struct{ rs *Resources }

func NewResources() *Resources {
	rs := &Resources{}
	rs.back = sync.NewCond(&rs.mu)
	return rs
}

func (rs *Resources) Get() *Res {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.out++
	return &Res{rs}
}

func (r *Res) Release() {
	r.rs.mu.Lock()
	r.rs.out--
	r.rs.back.Broadcast()
	r.rs.mu.Unlock()
}

func (rs *Resources) Close() {
	rs.mu.Lock()
	for rs.out > 0 {
		rs.back.Wait()
	}
	rs.mu.Unlock()
}
