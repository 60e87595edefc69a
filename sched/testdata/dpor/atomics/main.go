// Command atomics: one goroutine stores two atomic words, another loads
// them in the opposite order.
package main

import (
	"sync"
	"sync/atomic"
)

func main() {
	var x, y atomic.Int32
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); x.Store(1); y.Store(1) }()
	go func() { defer wg.Done(); _ = y.Load(); _ = x.Load() }()
	wg.Wait()
}
