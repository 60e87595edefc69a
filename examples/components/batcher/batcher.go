// Package batcher groups items into batches: Add hands an item to a
// goroutine, started by the constructor, that flushes the batch when it
// holds Size items or FlushInterval after its first item, whichever
// comes first. Shutdown flushes what is left and stops the goroutine.
//
// By design:
//   - New starts a goroutine that runs until Shutdown: a batcher that is
//     never shut down keeps it, waiting for items.
//   - Add may wait while the goroutine flushes, never longer.
//   - Add after Shutdown panics ("batcher: Add after Shutdown"), as a
//     send on a closed channel does.
//   - Shutdown may be called more than once, from several goroutines:
//     every call returns when the last batch is flushed.
//
// The bug is in Shutdown (batcher.go, method Shutdown): the buggy
// batcher checks whether it is shut down under the read lock and, if
// not, takes the write lock to shut down, without checking again. Two
// concurrent Shutdowns can both pass the check and both close the
// channel of items: panic, close of closed channel. NewFixed checks
// again under the write lock.
package batcher

import (
	"sync"
	"time"
)

// Flushing policy.
const (
	Size          = 2                // items per full batch
	FlushInterval = time.Millisecond // how long a partial batch waits
)

// Batcher groups the items it is given into batches. Its zero value is
// not usable: make one with New or NewFixed.
type Batcher struct {
	fixed bool

	mu     sync.RWMutex // read-held by Add across its send; write-held to shut down
	closed bool         // guarded by mu
	in     chan int     // items for the batching goroutine; closed by Shutdown
	done   chan struct{}

	outMu   sync.Mutex
	batches [][]int // flushed batches, oldest first; guarded by outMu
}

// New returns a batcher with the injected bug in Shutdown, and starts
// its batching goroutine.
func New() *Batcher { return newBatcher(false) }

// NewFixed returns a batcher without the bug, and starts its batching
// goroutine.
func NewFixed() *Batcher { return newBatcher(true) }

func newBatcher(fixed bool) *Batcher {
	b := &Batcher{fixed: fixed, in: make(chan int), done: make(chan struct{})}
	go b.run()
	return b
}

// run is the batching goroutine.
func (b *Batcher) run() {
	defer close(b.done)
	var batch []int
	var timeout <-chan time.Time // nil while the batch is empty
	for {
		select {
		case x, ok := <-b.in:
			if !ok {
				b.flush(batch)
				return
			}
			batch = append(batch, x)
			if len(batch) == 1 {
				timeout = time.After(FlushInterval)
			}
			if len(batch) == Size {
				b.flush(batch)
				batch, timeout = nil, nil
			}
		case <-timeout:
			b.flush(batch)
			batch, timeout = nil, nil
		}
	}
}

// flush records batch, if not empty, as flushed.
func (b *Batcher) flush(batch []int) {
	if len(batch) == 0 {
		return
	}
	b.outMu.Lock()
	defer b.outMu.Unlock()
	b.batches = append(b.batches, batch)
}

// Add adds x to the current batch. It panics after Shutdown.
func (b *Batcher) Add(x int) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		panic("batcher: Add after Shutdown")
	}
	b.in <- x
}

// Shutdown flushes the current batch and stops the batching goroutine,
// and returns when it has stopped. Later calls just wait for that.
func (b *Batcher) Shutdown() {
	b.mu.RLock()
	closed := b.closed
	b.mu.RUnlock()
	if !closed {
		b.mu.Lock()
		if b.fixed {
			if !b.closed {
				b.closed = true
				close(b.in)
			}
		} else {
			// injected bug: the flag read under the read lock is not
			// checked again under the write lock.
			b.closed = true
			close(b.in)
		}
		b.mu.Unlock()
	}
	<-b.done
}

// Batches returns the number of batches flushed.
func (b *Batcher) Batches() int {
	b.outMu.Lock()
	defer b.outMu.Unlock()
	return len(b.batches)
}

// Flushed returns the number of items flushed.
func (b *Batcher) Flushed() int {
	b.outMu.Lock()
	defer b.outMu.Unlock()
	n := 0
	for _, batch := range b.batches {
		n += len(batch)
	}
	return n
}
