// Command race_array_elem_fixed copies the histogram under its lock.
//
// want: clean
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

func (h *Histogram) Snapshot() [8]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.buckets
}

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
