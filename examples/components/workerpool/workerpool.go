// Package workerpool is a goroutine pool in the style of ants
// (github.com/panjf2000/ants): Submit hands a task to an idle worker
// goroutine, or starts one while fewer than Capacity run, and a purge
// goroutine, started by the constructor, stops the workers that stayed
// idle for ExpiryDuration, every PurgeInterval. Release stops the purge
// goroutine and every worker.
//
// By design:
//   - New starts a goroutine (the purger, on a ticker) that runs until
//     Release; workers started by Submit stay, waiting for tasks, until
//     they expire or Release stops them. A pool that is never released
//     keeps its idle workers.
//   - Submit blocks while Capacity workers are busy with tasks.
//   - Submit after Release (or while Release runs) returns ErrClosed;
//     Submit of a nil task panics. Release of a released pool does
//     nothing.
//
// The bug is in purgeExpired (workerpool.go): the buggy purger finds the
// expired workers under the mutex but removes them from the idle list
// after releasing it. The removal is an unsynchronised write of the idle
// list that races with Submit taking a worker from it (and with a
// worker going back to it), and Submit can take a worker the purger is
// stopping: a data race, or a send on a closed channel. NewFixed removes
// them in the same critical section.
package workerpool

import (
	"errors"
	"slices"
	"sync"
	"time"
)

// Limits and periods of the pool.
const (
	Capacity       = 2                // workers at once
	PurgeInterval  = time.Millisecond // how often the purger looks for expired workers
	ExpiryDuration = time.Millisecond // how long a worker may stay idle
)

// ErrClosed is returned by Submit on a released pool.
var ErrClosed = errors.New("workerpool: Submit after Release")

// worker is a goroutine running the tasks sent on task; closing task
// stops it.
type worker struct {
	task     chan func()
	lastUsed time.Time // when it last went idle; guarded by Pool.mu
}

// Pool is a pool of at most Capacity worker goroutines. Its zero value
// is not usable: make one with New or NewFixed.
type Pool struct {
	fixed bool

	mu      sync.Mutex
	free    sync.Cond // signalled when a worker goes idle or exits, and on Release
	idle    []*worker // idle workers, oldest first; Submit takes the newest
	running int       // workers started and not exited; Inv: running <= Capacity
	closed  bool

	stop chan struct{}  // closed by Release: stops the purger
	wg   sync.WaitGroup // the purger and the workers
}

// New returns a pool with the injected bug in its purger, and starts
// the purger.
func New() *Pool { return newPool(false) }

// NewFixed returns a pool without the bug, and starts the purger.
func NewFixed() *Pool { return newPool(true) }

func newPool(fixed bool) *Pool {
	p := &Pool{fixed: fixed, stop: make(chan struct{})}
	p.free.L = &p.mu
	p.wg.Add(1)
	go p.purge()
	return p
}

// Submit runs task on a worker, blocking while Capacity workers are
// busy. It returns ErrClosed if the pool is released, and panics if task
// is nil.
func (p *Pool) Submit(task func()) error {
	if task == nil {
		panic("workerpool: nil task")
	}
	p.mu.Lock()
	var w *worker
	for w == nil {
		switch n := len(p.idle); {
		case p.closed:
			p.mu.Unlock()
			return ErrClosed
		case n > 0:
			w = p.idle[n-1]
			p.idle = p.idle[:n-1]
		case p.running < Capacity:
			w = &worker{task: make(chan func())}
			p.running++
			p.wg.Add(1)
			go p.work(w)
		default:
			p.free.Wait()
		}
	}
	p.mu.Unlock()
	w.task <- task
	return nil
}

// work is worker w's goroutine: it runs tasks until its channel is
// closed or the pool released.
func (p *Pool) work(w *worker) {
	defer p.wg.Done()
	for f := range w.task {
		f()
		if !p.putIdle(w) {
			break
		}
	}
	p.mu.Lock()
	p.running--
	p.free.Signal()
	p.mu.Unlock()
}

// putIdle puts w back on the idle list and reports whether it did (not
// when the pool is released).
func (p *Pool) putIdle(w *worker) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	w.lastUsed = time.Now()
	p.idle = append(p.idle, w)
	p.free.Signal()
	return true
}

// purge is the purger's goroutine: every PurgeInterval it stops the
// expired workers, until Release.
func (p *Pool) purge() {
	defer p.wg.Done()
	tick := time.NewTicker(PurgeInterval)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case now := <-tick.C:
			p.purgeExpired(now)
		}
	}
}

// purgeExpired stops the workers idle since ExpiryDuration before now.
func (p *Pool) purgeExpired(now time.Time) {
	p.mu.Lock()
	n := 0
	for n < len(p.idle) && now.Sub(p.idle[n].lastUsed) >= ExpiryDuration {
		n++
	}
	if n == 0 {
		p.mu.Unlock()
		return
	}
	expired := slices.Clone(p.idle[:n])
	if p.fixed {
		p.idle = slices.Delete(p.idle, 0, n)
		p.mu.Unlock()
	} else {
		p.mu.Unlock()
		// injected bug: the expired workers leave the idle list after
		// the mutex is released, an unsynchronised write.
		p.idle = slices.Delete(p.idle, 0, n)
	}
	for _, w := range expired {
		close(w.task)
	}
}

// Running returns the number of worker goroutines.
func (p *Pool) Running() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.running
}

// Idle returns the number of idle workers.
func (p *Pool) Idle() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}

// Release stops the purger and every worker (a busy one after its task)
// and waits for them to exit; Submit returns ErrClosed from then on.
// Release of a released pool does nothing.
func (p *Pool) Release() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	for _, w := range p.idle {
		close(w.task)
	}
	p.idle = nil
	p.free.Broadcast()
	p.mu.Unlock()
	close(p.stop)
	p.wg.Wait()
}
