package queue

import (
	"sync"
	"sync/atomic"
)

// Fixtures of false alarms on correct code, each with a buggy twin that
// has a real concurrency bug of the same shape.

// Bounded holds at most max items. Its constructor panics when max is
// less than 1, by design (as a pool's NewPool(maxSize int) does): the
// built-in int values 0, -1 and math.MinInt are arguments it refuses,
// not a bug of a method. NewBoundedRacy's Len reads without the lock.
type Bounded struct {
	mu    sync.Mutex
	items []int
	max   int
	racy  bool
}

// NewBounded returns an empty pool of at most max items.
func NewBounded(max int) *Bounded {
	if max < 1 {
		panic("maxSize is less than 1")
	}
	return &Bounded{max: max}
}

// NewBoundedRacy returns a pool whose Len races with Put.
func NewBoundedRacy(max int) *Bounded {
	b := NewBounded(max)
	b.racy = true
	return b
}

// Put adds v if there is room, and reports whether it did.
func (b *Bounded) Put(v int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.items) >= b.max {
		return false
	}
	b.items = append(b.items, v)
	return true
}

// Len returns the number of items.
func (b *Bounded) Len() int {
	if b.racy {
		return len(b.items)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.items)
}

// NewBoundedFlaky panics when the goroutine it starts runs before it
// returns: a concurrency bug of the constructor, before any call, that
// the first schedule of a sequential run does not show.
func NewBoundedFlaky(max int) *Bounded {
	var ran atomic.Bool
	go ran.Store(true)
	if ran.Load() {
		panic("the starter ran first")
	}
	return NewBounded(max)
}
