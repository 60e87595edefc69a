// Command atomiccounter increments an atomic.Int64 (and a package-level
// int64 through the atomic functions) from three goroutines.
package main

import (
	"sync"
	"sync/atomic"
)

var legacy int64

func main() {
	var n atomic.Int64
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				n.Add(1)
				atomic.AddInt64(&legacy, int64(i))
			}
			_ = n.Load()
		}()
	}
	wg.Wait()
	if n.Load() != 6 || atomic.LoadInt64(&legacy) != 6 {
		panic("FAIL: atomic counter")
	}
}
