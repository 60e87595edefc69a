// Command time_tickerwindow_fixed adds a request and its commit marker
// under one lock.
//
// want: clean
package main

import (
	"sync"
	"time"
)

type batcher struct {
	mu      sync.Mutex
	pending []string
	batches [][]string
}

func (b *batcher) add(s ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = append(b.pending, s...)
}

func (b *batcher) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.pending) > 0 {
		b.batches = append(b.batches, b.pending)
		b.pending = nil
	}
}

func (b *batcher) run(stop chan struct{}, done chan struct{}) {
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	defer close(done)
	for {
		select {
		case <-t.C:
			b.flush()
		case <-stop:
			b.flush()
			return
		}
	}
}

func main() {
	b := &batcher{}
	stop, done := make(chan struct{}), make(chan struct{})
	go b.run(stop, done)
	b.add("put x=1", "commit")
	close(stop)
	<-done
	for _, batch := range b.batches {
		if batch[len(batch)-1] != "commit" {
			panic("transaction split across batches")
		}
	}
}
