// Package wronglock is the Wronglock benchmark of Rungta and Mercer, "A
// Meta Heuristic for Effectively Detecting Concurrency Errors", HVC 2008
// (Section 3.1), in Go: one goroutine updates a shared counter holding lock
// A, n others hold lock B. The locks exclude nobody from each other, so
// updates are lost (and the counter is raced on). The fixed twin uses one
// lock for everybody.
package wronglock

import "sync"

// Data is the shared counter with the two locks.
type Data struct {
	a, b  sync.Mutex
	value int
}

// Run starts one goroutine incrementing under lock a and n under lock b
// (or all under a, when fixed), and returns the final count.
func Run(n int, fixed bool) int {
	var d Data
	var wg sync.WaitGroup
	inc := func(l *sync.Mutex) {
		defer wg.Done()
		l.Lock()
		d.value++
		l.Unlock()
	}
	wg.Add(n + 1)
	go inc(&d.a)
	for range n {
		if fixed {
			go inc(&d.a)
		} else {
			go inc(&d.b)
		}
	}
	wg.Wait()
	return d.value
}
