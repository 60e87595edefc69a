// Command livelock_manyg starts 1,000 goroutines that each record a result;
// the results slice is appended to without the lock.
//
// want: data race
package main

import "sync"

func main() {
	var (
		mu      sync.Mutex
		wg      sync.WaitGroup
		results []int
		seen    = map[int]bool{}
	)
	for i := range 1000 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			seen[i] = true
			mu.Unlock()
			results = append(results, i) // no lock
		}()
	}
	wg.Wait()
}
