// Command race_wg_add_inside starts workers that register themselves
// with wg.Add(1) inside the goroutine. If Wait runs first it returns at
// once and the results are summed too early; Go's race detector reports
// the Add from zero that is not ordered before a Wait.
//
// want: data race [WaitGroup misuse]
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	results := map[int]int{}
	for i := range 3 {
		go func() {
			wg.Add(1)
			defer wg.Done()
			mu.Lock()
			results[i] = i * i
			mu.Unlock()
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	_ = len(results) // may be fewer than 3
}
