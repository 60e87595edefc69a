// Command livelock_hammer_fixed hammers a locked counter from two
// goroutines, 5,000 times each: more steps than the step budget, and no
// livelock.
//
// want: clean
// executions: 10
package main

import "sync"

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func main() {
	c := &counter{}
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			for range 5000 {
				c.inc()
			}
		}()
	}
	wg.Wait()
	if c.n != 10000 {
		panic("lost increments")
	}
}
