// Command race_array_elem takes a snapshot of a latency histogram (a copy
// of the whole array) while a worker increments one bucket. The copy
// reads every element, so it races with the increment.
//
// want: data race [races with]
package main

import "sync"

type Histogram struct {
	mu      sync.Mutex
	buckets [8]int
}

func (h *Histogram) Observe(ms int) {
	h.mu.Lock()
	h.buckets[min(ms/10, 7)]++
	h.mu.Unlock()
}

// Snapshot forgets the lock: "copying an array is atomic enough".
func (h *Histogram) Snapshot() [8]int { return h.buckets }

func main() {
	var h Histogram
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.Observe(25)
	}()
	snap := h.Snapshot()
	wg.Wait()
	if snap[2] > 1 {
		panic("bucket counted twice")
	}
}
