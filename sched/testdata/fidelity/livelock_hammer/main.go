// Command livelock_hammer hammers a counter from two goroutines, 5,000
// times each; one of them forgets the lock.
//
// want: data race
package main

import "sync"

type counter struct {
	mu sync.Mutex
	n  int
}

func main() {
	c := &counter{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for range 5000 {
			c.mu.Lock()
			c.n++
			c.mu.Unlock()
		}
	}()
	go func() {
		defer wg.Done()
		for range 5000 {
			c.n++ // no lock
		}
	}()
	wg.Wait()
}
