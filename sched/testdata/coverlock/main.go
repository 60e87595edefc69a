// Command coverlock: two goroutines each lock one mutex once; main
// waits for them on a WaitGroup. Its ordering pairs (coverage.go) are
// known: see TestCoveragePairs.
package main

import "sync"

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			mu.Lock()
			mu.Unlock()
			wg.Done()
		}()
	}
	wg.Wait()
}
