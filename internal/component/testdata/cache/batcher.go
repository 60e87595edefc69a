package cache

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// Batcher collects items and flushes them, four at a time, from a
// background goroutine, which Close ends (a fixture: without Close the
// goroutine leaks, blocked forever on its channels; a goroutine that
// waits on a ticker would not be blocked forever).
type Batcher struct {
	mu      sync.Mutex
	items   []string
	flushed atomic.Int64
	in      chan string
	done    chan struct{}
	wg      sync.WaitGroup
	closed  atomic.Bool
}

// NewBatcher starts a Batcher.
func NewBatcher() *Batcher {
	b := &Batcher{in: make(chan string, 4), done: make(chan struct{})}
	b.wg.Add(1)
	go b.loop()
	return b
}

func (b *Batcher) loop() {
	defer b.wg.Done()
	for {
		select {
		case s := <-b.in:
			b.mu.Lock()
			b.items = append(b.items, s)
			if len(b.items) == 4 {
				b.flushed.Add(int64(len(b.items)))
				b.items = nil
			}
			b.mu.Unlock()
		case <-b.done:
			return
		}
	}
}

// ErrClosed is returned after Close.
var ErrClosed = errors.New("closed")

// Add queues s.
func (b *Batcher) Add(ctx context.Context, s string) error {
	if b.closed.Load() {
		return ErrClosed
	}
	select {
	case b.in <- s:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-b.done:
		return ErrClosed
	}
}

// Pending counts the items not flushed yet.
func (b *Batcher) Pending() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.items)
}

// Flushed counts the items flushed.
func (b *Batcher) Flushed() int64 { return b.flushed.Load() }

// Close stops the goroutine.
func (b *Batcher) Close() error {
	if b.closed.Swap(true) {
		return ErrClosed
	}
	close(b.done)
	b.wg.Wait()
	return nil
}
