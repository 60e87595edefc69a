// Command race_atomic_add_write counts requests with atomic.AddInt64
// while Reset clears the counter with a plain assignment: the plain write
// races with the atomic add.
//
// want: data race [atomic write]
package main

import (
	"sync"
	"sync/atomic"
)

type Counter struct{ n int64 }

func (c *Counter) Inc()   { atomic.AddInt64(&c.n, 1) }
func (c *Counter) Reset() { c.n = 0 }

func main() {
	var c Counter
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	c.Reset()
	wg.Wait()
	if n := atomic.LoadInt64(&c.n); n > 2 {
		panic("more requests than sent")
	}
}
