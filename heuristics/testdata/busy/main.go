// Command busy has no bug: ten goroutines take a lock five times each.
// Guided test along a location it never reaches explores it until its
// budget is spent.
package main

import "sync"

func main() {
	var (
		wg sync.WaitGroup
		mu sync.Mutex
		n  int
	)
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n != 50 {
		panic("lost an update")
	}
}
