// Package sometimes is a fixture of mcheck.Sometimes: a race for a
// flag that either goroutine may win.
package sometimes

import "sync"

// Race runs two goroutines that each try to be first, and returns the
// winner (1 or 2).
func Race() int {
	var mu sync.Mutex
	first := 0
	var wg sync.WaitGroup
	for i := 1; i <= 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			if first == 0 {
				first = i
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return first
}
