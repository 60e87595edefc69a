package queue

import (
	"errors"
	"sync"
	"time"
)

// Workers runs tasks on a goroutine its constructor starts, as
// gammazero/workerpool does (examples/realworld/workerpool-stop): after
// Stop, Do and DoWait return ErrStopped and Submit and SubmitWait panic
// with it, by design. A SubmitWait whose task ran before a Stop may
// return only after the Stop did (it is woken with the Stop's close of
// done), and a Submit after it then panics: the calls one at a time show
// that (SubmitWait, Stop, Submit), so it is not a concurrency bug.
// NewWorkersRacy's Do sends after it unlocks: a Stop between its check
// and its send closes the channel first ("send on closed channel", a
// concurrency bug).
type Workers struct {
	mu      sync.RWMutex
	stopped bool
	tasks   chan func()
	done    chan struct{}
	racy    bool
}

// ErrStopped is what a call after Stop returns or panics with.
var ErrStopped = errors.New("submitting work to stopped workers")

// NewWorkers starts the workers.
func NewWorkers() *Workers {
	w := &Workers{tasks: make(chan func()), done: make(chan struct{})}
	go w.run()
	return w
}

// NewWorkersRacy starts workers whose Do races with Stop.
func NewWorkersRacy() *Workers {
	w := NewWorkers()
	w.racy = true
	return w
}

// run runs the tasks until Stop; it wakes up every millisecond when
// idle (workerpool's idle timeout), so it is not left blocked before
// Stop.
func (w *Workers) run() {
	defer close(w.done)
	idle := time.NewTicker(time.Millisecond)
	defer idle.Stop()
	for {
		select {
		case task, ok := <-w.tasks:
			if !ok {
				return
			}
			task()
		case <-idle.C:
		}
	}
}

// Do hands task to the workers, or returns ErrStopped after Stop.
func (w *Workers) Do(task func()) error {
	if task == nil {
		return nil
	}
	w.mu.RLock()
	if w.stopped {
		w.mu.RUnlock()
		return ErrStopped
	}
	if w.racy {
		w.mu.RUnlock()
		w.tasks <- task
		return nil
	}
	defer w.mu.RUnlock()
	w.tasks <- task
	return nil
}

// DoWait is Do that waits for task to run; it returns ErrStopped if the
// workers stop first.
func (w *Workers) DoWait(task func()) error {
	if task == nil {
		return nil
	}
	ran := make(chan struct{})
	if err := w.Do(func() { task(); close(ran) }); err != nil {
		return err
	}
	select {
	case <-ran:
	case <-w.done:
		select {
		case <-ran:
		default:
			return ErrStopped
		}
	}
	return nil
}

// Submit is Do that panics after Stop.
func (w *Workers) Submit(task func()) {
	if err := w.Do(task); err != nil {
		panic(err)
	}
}

// SubmitWait is DoWait that panics after Stop.
func (w *Workers) SubmitWait(task func()) {
	if err := w.DoWait(task); err != nil {
		panic(err)
	}
}

// Stopped reports whether Stop was called.
func (w *Workers) Stopped() bool {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.stopped
}

// Size is the number of workers.
func (w *Workers) Size() int { return 1 }

// Stop stops the workers once the tasks handed to them ran; it may be
// called more than once.
func (w *Workers) Stop() {
	w.mu.Lock()
	if !w.stopped {
		w.stopped = true
		close(w.tasks)
	}
	w.mu.Unlock()
	<-w.done
}

// StopWait is Stop.
func (w *Workers) StopWait() { w.Stop() }
