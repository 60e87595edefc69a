// Command statecache: three goroutines add to a counter under one lock
// while a fourth sets a flag of its own; the orders of the locked
// sections lead to the same states by different paths, which a stateful
// search with sleep sets reaches again with different sleep sets.
package main

import "sync"

func main() {
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		n    int
		flag bool
	)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		flag = true
	}()
	wg.Wait()
	if n != 3 || !flag {
		panic("lost an update")
	}
}
