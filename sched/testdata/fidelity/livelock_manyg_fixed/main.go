// Command livelock_manyg_fixed starts 1,000 goroutines that each record a
// result under the lock: more steps than the step budget, and no livelock.
//
// want: clean
// executions: 5
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
			results = append(results, i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(results) != 1000 || len(seen) != 1000 {
		panic("lost results")
	}
}
