// Command lockorder_fixed is lockorder with one lock order: never
// deadlocks.
package main

import "sync"

func main() {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		a.Lock()
		b.Lock()
		b.Unlock()
		a.Unlock()
	}()
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
	wg.Wait()
}
