// Command lockpairs: two goroutines each lock and unlock one mutex twice.
package main

import "sync"

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			mu.Lock()
			mu.Unlock()
			mu.Lock()
			mu.Unlock()
		}()
	}
	wg.Wait()
}
