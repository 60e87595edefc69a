// Command coverrace: one goroutine stores to n, another stores to it
// only if it still reads 0, main reads it at the end; no lock. Its
// ordering pairs of memory (coverage.go) are known: see
// TestCoverageMemory.
package main

import "sync"

func main() {
	n := 0
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		n = 1
		wg.Done()
	}()
	go func() {
		if n == 0 {
			n = 2
		}
		wg.Done()
	}()
	wg.Wait()
	if n == 0 {
		panic("no store")
	}
}
