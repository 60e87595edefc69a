// Command race_atomic_add_write_fixed resets the counter with
// atomic.StoreInt64.
//
// want: clean
package main

import (
	"sync"
	"sync/atomic"
)

type Counter struct{ n int64 }

func (c *Counter) Inc()   { atomic.AddInt64(&c.n, 1) }
func (c *Counter) Reset() { atomic.StoreInt64(&c.n, 0) }

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
