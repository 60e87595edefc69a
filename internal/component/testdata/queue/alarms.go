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

// Unit is a semaphore of one unit: Acquire blocks while the unit is
// taken, and Give (a Release) panics when it is not (both by design). Many orders
// of its calls one at a time fail otherwise than a concurrent execution
// did (a Give that returned before the Acquire it released for, in
// the order the calls returned, panics), but one order of the same calls
// explains an Acquire left blocked. NewUnitLost's Give sends its
// wake-up only to an Acquire already waiting for it, which an Acquire
// between its check and its wait misses: the unit is free and Acquire
// blocks for ever (a lost wake-up).
type Unit struct {
	mu    sync.Mutex
	free  *sync.Cond
	held  bool
	lost  bool
	wake  chan struct{}
	taken atomic.Int64 // how many times the unit was taken
}

// NewUnit returns a free unit.
func NewUnit() *Unit {
	u := &Unit{wake: make(chan struct{})}
	u.free = sync.NewCond(&u.mu)
	return u
}

// NewUnitLost returns a unit whose wake-ups can be lost.
func NewUnitLost() *Unit {
	u := NewUnit()
	u.lost = true
	return u
}

// Acquire takes the unit, waiting while it is taken.
func (u *Unit) Acquire() {
	if u.lost {
		for {
			u.mu.Lock()
			if !u.held {
				u.held = true
				u.mu.Unlock()
				u.taken.Add(1)
				return
			}
			u.mu.Unlock()
			<-u.wake
		}
	}
	u.mu.Lock()
	for u.held {
		u.free.Wait()
	}
	u.held = true
	u.mu.Unlock()
	u.taken.Add(1) // after the unit is taken: a Give may return first
}

// Give gives the unit back; it panics if the unit is free.
func (u *Unit) Give() {
	u.mu.Lock()
	if !u.held {
		u.mu.Unlock()
		panic("semaphore: release of a free unit")
	}
	u.held = false
	u.mu.Unlock()
	if u.lost {
		select {
		case u.wake <- struct{}{}:
		default:
		}
		return
	}
	u.free.Signal()
}

// MockClock is a mock clock. Its Add keeps a count of its own calls
// without the lock, as its doc comment allows; NewMockClockRacy's Now
// also reads the time without the lock, a race with Add that the
// comment does not allow.
type MockClock struct {
	mu    sync.Mutex
	now   int
	steps int
	racy  bool
}

// NewMockClock returns a clock at time 0.
func NewMockClock() *MockClock { return &MockClock{} }

// NewMockClockRacy returns a clock whose Now races with Add.
func NewMockClockRacy() *MockClock { return &MockClock{racy: true} }

// Add moves the current time of the mock clock forward by d. This should
// only be called from a single goroutine at a time.
func (c *MockClock) Add(d int) {
	c.steps++
	c.mu.Lock()
	c.now += d
	c.mu.Unlock()
}

// Now returns the current time of the mock clock.
func (c *MockClock) Now() int {
	if c.racy {
		return c.now
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Batch runs work in batches. Shutdown takes a bool, as
// eapache/go-resiliency's Batcher's does, and clears the batch without
// the lock: a Run racing with it is the misuse its comment documents.
// NewBatchRacy's Run also counts its calls without the lock, a race
// between two Runs, which the comments allow.
type Batch struct {
	mu      sync.Mutex
	pending []int
	runs    int
	racy    bool
}

// NewBatch returns an empty batch.
func NewBatch() *Batch { return &Batch{} }

// NewBatchRacy returns a batch whose Runs race with each other.
func NewBatchRacy() *Batch { return &Batch{racy: true} }

// Run adds x to the current batch. It is safe to call Run concurrently.
func (b *Batch) Run(x int) {
	if b.racy {
		b.runs++
	}
	b.mu.Lock()
	b.pending = append(b.pending, x)
	b.mu.Unlock()
}

// Shutdown flushes the pending batch. If wait is true, it also waits for
// it. Calling Run at any point after calling Shutdown will lead to
// undefined behaviour.
func (b *Batch) Shutdown(wait bool) {
	b.pending = nil
}
