// Command atomicmixed mixes plain and atomic accesses to the same words
// where Go orders them: plain initialisation before the go statements,
// atomic adds and a CAS spin lock while the workers run (the lock's
// Store releases what the CAS that takes it acquires), plain reads after
// Wait, and a configuration published through atomic.Value.
package main

import (
	"runtime"
	"sync"
	"sync/atomic"
)

type Config struct{ limit int }

type Counters struct {
	requests int64
	lock     int32
	total    int // guarded by lock
}

func (c *Counters) add(n int) {
	for !atomic.CompareAndSwapInt32(&c.lock, 0, 1) {
		runtime.Gosched()
	}
	c.total += n
	atomic.StoreInt32(&c.lock, 0)
}

func main() {
	var (
		c   Counters
		cfg atomic.Value
		wg  sync.WaitGroup
	)
	c.requests = 100 // plain, before the workers start
	cfg.Store(&Config{limit: 5})
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.AddInt64(&c.requests, 1)
			c.add(min(i, cfg.Load().(*Config).limit))
		}()
	}
	wg.Wait()
	if c.requests != 103 || c.total != 3 || c.lock != 0 {
		panic("FAIL: lost an update")
	}
}
