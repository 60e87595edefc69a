// Command independent: two goroutines each work on a mutex of their own
// and the main goroutine waits for both by a WaitGroup of each: every
// schedule is the same trace.
package main

import "sync"

func main() {
	var wg [2]sync.WaitGroup
	var mu [2]sync.Mutex
	for i := range 2 {
		wg[i].Add(1)
		go func() {
			mu[i].Lock()
			mu[i].Unlock()
			wg[i].Done()
		}()
	}
	wg[0].Wait()
	wg[1].Wait()
}
