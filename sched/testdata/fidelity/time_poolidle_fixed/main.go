// Command time_poolidle_fixed decides the worker's exit under the pool's
// lock and only when no task is queued, so a submitted task always has a
// worker.
//
// want: clean
package main

import (
	"sync"
	"time"
)

type pool struct {
	mu     sync.Mutex
	alive  bool
	queued int
	tasks  chan func()
}

func (p *pool) worker() {
	idle := time.NewTimer(2 * time.Millisecond)
	for {
		select {
		case f := <-p.tasks:
			p.mu.Lock()
			p.queued--
			p.mu.Unlock()
			f()
			idle.Reset(2 * time.Millisecond)
		case <-idle.C:
			p.mu.Lock()
			if p.queued > 0 {
				p.mu.Unlock()
				idle.Reset(2 * time.Millisecond)
				continue
			}
			p.alive = false
			p.mu.Unlock()
			return
		}
	}
}

func (p *pool) submit(f func()) {
	p.mu.Lock()
	if !p.alive {
		p.alive = true
		go p.worker()
	}
	p.queued++
	p.mu.Unlock()
	p.tasks <- f
}

func main() {
	p := &pool{tasks: make(chan func())}
	done := make(chan struct{}, 2)
	p.submit(func() { done <- struct{}{} })
	<-done
	p.submit(func() { done <- struct{}{} })
	<-done
}
