// Command time_janitor is a TTL cache whose janitor goroutine evicts
// expired entries on a ticker. The janitor reads the map without the lock.
// The janitor still waits on its ticker when main returns: that is not a
// goroutine blocked forever.
//
// want: data race
package main

import (
	"sync"
	"time"
)

type entry struct {
	key     string
	expires time.Time
}

type cache struct {
	mu    sync.Mutex
	items []entry
}

func (c *cache) set(k string, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items = append(c.items, entry{k, time.Now().Add(ttl)})
}

// evict drops the entries expired at now; the caller holds the lock.
func (c *cache) evict(now time.Time) {
	live := c.items[:0]
	for _, e := range c.items {
		if !now.After(e.expires) {
			live = append(live, e)
		}
	}
	c.items = live
}

func (c *cache) janitor(every time.Duration) {
	t := time.NewTicker(every)
	for range t.C {
		now := time.Now()
		expired := false
		for _, e := range c.items { // no lock
			expired = expired || now.After(e.expires)
		}
		if expired {
			c.mu.Lock()
			c.evict(now)
			c.mu.Unlock()
		}
	}
}

func main() {
	c := &cache{}
	go c.janitor(time.Millisecond)
	c.set("a", time.Millisecond)
	time.Sleep(3 * time.Millisecond)
	c.set("b", time.Hour)
}
