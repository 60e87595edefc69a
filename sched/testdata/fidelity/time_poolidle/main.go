// Command time_poolidle is a one-worker pool whose worker exits after
// being idle for 2ms. Submit checks that the worker is alive and then
// hands it the task on an unbuffered channel; if the idle timeout fires in
// between, Submit blocks forever.
//
// want: global deadlock
package main

import (
	"sync"
	"time"
)

type pool struct {
	mu    sync.Mutex
	alive bool
	tasks chan func()
}

func (p *pool) worker() {
	idle := time.NewTimer(2 * time.Millisecond)
	for {
		select {
		case f := <-p.tasks:
			f()
			idle.Reset(2 * time.Millisecond)
		case <-idle.C:
			p.mu.Lock()
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
	p.mu.Unlock()
	p.tasks <- f // the worker may have timed out since the check
}

func main() {
	p := &pool{tasks: make(chan func())}
	done := make(chan struct{}, 2)
	p.submit(func() { done <- struct{}{} })
	<-done
	p.submit(func() { done <- struct{}{} })
	<-done
}
