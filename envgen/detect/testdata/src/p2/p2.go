// Package p2 holds instances of P2 (a wait under locks its waker needs)
// and code that must not be reported.
package p2

import (
	"context"
	"sync"
)

// Queue waits on a condition variable of its inner lock while holding its
// outer lock; Put needs the outer lock to reach Signal.
type Queue struct {
	outer, inner sync.Mutex
	cond         *sync.Cond
	items        []int
}

func NewQueue() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.inner)
	return q
}

func (q *Queue) Take() int {
	q.outer.Lock()
	defer q.outer.Unlock()
	q.inner.Lock()
	defer q.inner.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `P2: Wait on \(\*Queue\)\.cond holding \(\*Queue\)\.outer in \(\*Queue\)\.Take; Signal/Broadcast in \(\*Queue\)\.Put needs \(\*Queue\)\.outer \(weight 0\.5\)`
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

func (q *Queue) Put(x int) {
	q.outer.Lock()
	defer q.outer.Unlock()
	q.inner.Lock()
	defer q.inner.Unlock()
	q.items = append(q.items, x)
	q.cond.Signal()
}

// Good waits under its condition's lock only, and its waker takes that
// lock only: the usual use of sync.Cond.
type Good struct {
	mu    sync.Mutex
	cond  sync.Cond
	ready bool
}

func NewGood() *Good {
	g := &Good{}
	g.cond.L = &g.mu
	return g
}

func (g *Good) Await() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for !g.ready {
		g.cond.Wait()
	}
}

func (g *Good) Set() {
	g.mu.Lock()
	g.ready = true
	g.mu.Unlock()
	g.cond.Broadcast()
}

// Mailbox sends on a channel while holding its lock, and the receiver
// takes the lock before it receives.
type Mailbox struct {
	mu  sync.Mutex
	ch  chan int
	got int
}

func (m *Mailbox) Post(x int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ch <- x // want `P2: send on \(\*Mailbox\)\.ch holding \(\*Mailbox\)\.mu in \(\*Mailbox\)\.Post; receive in \(\*Mailbox\)\.Fetch needs \(\*Mailbox\)\.mu`
}

func (m *Mailbox) Fetch() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.got += <-m.ch // want `P2: receive from \(\*Mailbox\)\.ch holding \(\*Mailbox\)\.mu in \(\*Mailbox\)\.Fetch; send in \(\*Mailbox\)\.Post needs \(\*Mailbox\)\.mu`
}

// Relay receives without the lock and sends on a channel whose receiver
// takes no lock: nothing to report.
type Relay struct {
	mu  sync.Mutex
	in  chan int
	out chan int
	n   int
}

func (r *Relay) Forward() {
	x := <-r.in
	r.mu.Lock()
	r.n++
	r.mu.Unlock()
	r.out <- x
}

func (r *Relay) Drain() int { return <-r.out }

func (r *Relay) Feed(x int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	select {
	case r.in <- x:
	default:
	}
}

// Waiter blocks under its lock in a select that a context can end: the
// context may wake it, so it is not reported.
type Waiter struct {
	mu   sync.Mutex
	done chan struct{}
}

func (w *Waiter) Wait(ctx context.Context) {
	w.mu.Lock()
	defer w.mu.Unlock()
	select {
	case <-w.done:
	case <-ctx.Done():
	}
}

func (w *Waiter) Finish() {
	w.mu.Lock()
	defer w.mu.Unlock()
	close(w.done)
}
