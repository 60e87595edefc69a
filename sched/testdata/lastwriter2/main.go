// Command lastwriter2: two goroutines write a variable under a lock;
// the program panics when goroutine 2's write comes last. The states
// after both writes differ only in memory.
package main

import "sync"

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	x := 0
	wg.Add(2)
	for i := 1; i <= 2; i++ {
		go func() {
			defer wg.Done()
			mu.Lock()
			x = i
			mu.Unlock()
		}()
	}
	wg.Wait()
	if x == 2 {
		panic("the last write was 2")
	}
}
