// Package cache is a fixture for mcheck.Component: a cache whose Len
// reads the count without the lock (a data race), and its fixed twin.
package cache

import (
	"errors"
	"sync"
)

// Cache maps ints to strings.
type Cache struct {
	mu    sync.Mutex
	m     map[int]string
	n     int
	fixed bool
}

// New returns the buggy cache.
func New() *Cache { return &Cache{m: map[int]string{}} }

// NewFixed returns the fixed twin.
func NewFixed() *Cache { return &Cache{m: map[int]string{}, fixed: true} }

// Put stores v under k.
func (c *Cache) Put(k int, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; !ok {
		c.n++
	}
	c.m[k] = v
}

// Get returns the value under k.
func (c *Cache) Get(k int) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// Delete removes k.
func (c *Cache) Delete(k int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok {
		c.n--
		delete(c.m, k)
	}
}

// Len returns the number of entries.
func (c *Cache) Len() int {
	if c.fixed {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	return c.n // the bug: without the lock when !fixed
}

// Store is a cache behind an interface, made by a constructor that can fail.
type Store interface {
	Put(k int, v string)
	Get(k int) (string, bool)
}

// Open returns a Store, or an error for a negative size.
func Open(size int) (Store, error) {
	if size < 0 {
		return nil, errors.New("negative size")
	}
	return NewFixed(), nil
}

// Picky panics on a key it does not like, even alone.
type Picky struct{ mu sync.Mutex }

// NewPicky returns a Picky.
func NewPicky() *Picky { return &Picky{} }

// Set panics for negative keys.
func (p *Picky) Set(k int) {
	if k < 0 {
		panic("negative key")
	}
}

// Nothing has no exported methods.
type Nothing struct{}

// NewNothing returns a Nothing.
func NewNothing() *Nothing { return &Nothing{} }

func (*Nothing) hidden() {}
