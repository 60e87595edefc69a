// Command atomicpublish writes plain data, then sets an atomic flag; the
// reader spins on the flag with Load and runtime.Gosched, then reads the
// data. The Store is synchronised before the Load that observes it.
package main

import (
	"runtime"
	"sync"
	"sync/atomic"
)

type payload struct {
	id   int
	tags []string
}

func main() {
	var (
		p     payload
		ready atomic.Bool
		wg    sync.WaitGroup
	)
	results := make([]int, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !ready.Load() {
				runtime.Gosched()
			}
			results[i] = p.id + len(p.tags)
		}()
	}
	p.id = 40
	p.tags = []string{"x", "y"}
	ready.Store(true)
	wg.Wait()
	for _, r := range results {
		if r != 42 {
			panic("FAIL: published data not visible")
		}
	}
}
