// Command lastwriter: two goroutines write a variable under a lock; the
// program panics when the first one's write comes last, which dfs's
// first schedule (each goroutine runs as long as it can) does not do.
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
	if x == 1 {
		panic("the last write was 1")
	}
}
