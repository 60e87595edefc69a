// Command time_pollexpiry polls a TTL cache until an entry expires. Each
// lookup reads the clock under the cache's lock, so the poll loop is not a
// pure busy-wait, and it must still end: time passes as the loop reads the
// clock. The expiry counter is then read without the lock while a cleaner
// goroutine may still update it.
//
// want: data race
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
	if c.expired > 2 { // no lock
		panic("expired too much")
	}
	<-done
}
