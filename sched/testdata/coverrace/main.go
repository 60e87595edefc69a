// Command coverrace increments a counter from two goroutines without a
// lock and never checks it: its ordering pairs of memory (coverage.go)
// are known, see TestCoverageMemory.
package main

import "sync"

func main() {
	n := 0
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			n++
		}()
	}
	wg.Wait()
	if n > 2 {
		panic("more increments than goroutines")
	}
}
