// Command mutexcounter increments a shared counter from three goroutines
// under a sync.Mutex; main reads it after wg.Wait.
package main

import "sync"

func main() {
	var (
		mu sync.Mutex
		wg sync.WaitGroup
		n  int
	)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n != 6 {
		panic("FAIL: counter lost an update")
	}
}
