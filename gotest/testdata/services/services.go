// Package services is a fixture of service code for gotest's end-to-end
// tests: an HTTP hit counter with and without its lock, a TCP echo
// server, and a TTL cache whose janitor runs on a ticker.
package services

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// Hits counts requests by path; Locked says whether it takes its lock.
type Hits struct {
	Locked bool
	mu     sync.Mutex
	hits   map[string]int
}

func NewHits(locked bool) *Hits { return &Hits{Locked: locked, hits: map[string]int{}} }

func (h *Hits) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.Locked {
		h.mu.Lock()
		defer h.mu.Unlock()
	}
	h.hits[r.URL.Path]++
	fmt.Fprintf(w, "%d", h.hits[r.URL.Path])
}

// Echo serves each connection of ln, echoing lines, until ln is closed.
func Echo(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			s := bufio.NewScanner(c)
			for s.Scan() {
				fmt.Fprintf(c, "%s\n", s.Text())
			}
		}()
	}
}

// Cache holds keys until they expire; a janitor removes them every
// minute.
type Cache struct {
	Locked bool // whether Len takes the lock
	mu     sync.Mutex
	items  map[string]time.Time
	stop   chan struct{}
}

func NewCache(locked bool) *Cache {
	c := &Cache{Locked: locked, items: map[string]time.Time{}, stop: make(chan struct{})}
	go c.janitor()
	return c
}

func (c *Cache) janitor() {
	tk := time.NewTicker(time.Minute)
	defer tk.Stop()
	for {
		select {
		case now := <-tk.C:
			c.mu.Lock()
			for k, exp := range c.items {
				if now.After(exp) {
					delete(c.items, k)
				}
			}
			c.mu.Unlock()
		case <-c.stop:
			return
		}
	}
}

func (c *Cache) Set(k string, ttl time.Duration) {
	c.mu.Lock()
	c.items[k] = time.Now().Add(ttl)
	c.mu.Unlock()
}

func (c *Cache) Len() int {
	if c.Locked {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	n := 0
	for range c.items {
		n++
	}
	return n
}

func (c *Cache) Close() { close(c.stop) }
