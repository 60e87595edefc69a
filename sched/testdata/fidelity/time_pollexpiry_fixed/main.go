// Command time_pollexpiry_fixed polls a TTL cache until an entry expires
// (each lookup reads the clock under the lock; the loop ends because time
// passes as it reads the clock) and reads the expiry counter after the
// other poller is done.
//
// want: clean
// executions: 200
//
// (Each execution polls about 5,000 times, since the clock moves 1µs per
// read here; the default 1000 executions took half a minute, and the
// search's coverage stops growing after a handful.)
package main

import (
	"sync"
	"time"
)

type cache struct {
	mu      sync.Mutex
	expires map[string]time.Time
	expired int
}

func (c *cache) get(k string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	exp, ok := c.expires[k]
	if ok && time.Now().After(exp) {
		delete(c.expires, k)
		c.expired++
		return false
	}
	return ok
}

func main() {
	c := &cache{expires: map[string]time.Time{"k": time.Now().Add(5 * time.Millisecond)}}
	c.expires["j"] = time.Now().Add(5 * time.Millisecond)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for c.get("j") {
		}
	}()
	for c.get("k") {
	}
	<-done
	if c.expired != 2 {
		panic("lost an expiry")
	}
}
