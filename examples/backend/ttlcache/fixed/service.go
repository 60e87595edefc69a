// Package ttlcache is the session cache of an API gateway: entries expire
// after a TTL, and a janitor goroutine evicts expired entries so that the
// map does not grow without bound.
package ttlcache

import (
	"sync"
	"time"
)

type entry struct {
	value   string
	expires time.Time
}

type Cache struct {
	ttl   time.Duration
	stop  chan struct{}
	mu    sync.RWMutex
	items map[string]entry
}

// New returns a cache whose entries live for ttl; Close stops its janitor.
func New(ttl time.Duration) *Cache {
	c := &Cache{ttl: ttl, stop: make(chan struct{}), items: make(map[string]entry)}
	go c.janitor()
	return c
}

func (c *Cache) janitor() {
	tick := time.NewTicker(c.ttl)
	defer tick.Stop()
	for {
		select {
		case now := <-tick.C:
			c.mu.Lock()
			for k, e := range c.items {
				if now.After(e.expires) {
					delete(c.items, k)
				}
			}
			c.mu.Unlock()
		case <-c.stop:
			return
		}
	}
}

func (c *Cache) Set(key, value string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items[key] = entry{value, time.Now().Add(c.ttl)}
}

func (c *Cache) Get(key string) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	e, ok := c.items[key]
	if !ok || time.Now().After(e.expires) {
		return "", false
	}
	return e.value, true
}

func (c *Cache) Close() { close(c.stop) }
