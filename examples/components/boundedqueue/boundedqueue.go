// Package boundedqueue is a bounded blocking FIFO queue of ints, the
// kind of component whose blocking is part of its contract: Put waits
// while the queue is full, Take waits while it is empty, and Close
// releases every waiter.
//
// By design:
//   - Put blocks while the queue holds Capacity items and is open; a Put
//     that nobody's Take will ever make room for blocks forever.
//   - Take blocks while the queue is empty and open; a Take on an empty
//     queue that nobody will Put to or Close blocks forever.
//   - Put on a closed queue returns ErrClosed; Take on a closed queue
//     returns the items left, then (0, false).
//   - Close of a closed queue panics, as close of a closed channel does.
//
// The bug is in Take (boundedqueue.go, method Take): the buggy queue
// waits for an item with "if empty { wait }" instead of a loop. A Take
// woken by Put can lose the item to another goroutine's Take that took
// the mutex first, and a Take woken by Close finds no item either; it
// then reads the first item of an empty queue: panic, index out of
// range. NewFixed waits in a loop and re-checks after every wake-up.
package boundedqueue

import (
	"errors"
	"sync"
)

// Capacity is how many items the queue holds.
const Capacity = 2

// ErrClosed is returned by Put on a closed queue.
var ErrClosed = errors.New("boundedqueue: Put on a closed queue")

// Queue is a bounded blocking FIFO queue. Its zero value is not usable:
// make one with New or NewFixed.
type Queue struct {
	fixed bool

	mu       sync.Mutex
	notEmpty sync.Cond // signalled when an item is put or the queue closed
	notFull  sync.Cond // signalled when an item is taken or the queue closed
	items    []int     // Inv: len(items) <= Capacity
	closed   bool
}

// New returns an empty open queue with the injected bug in Take.
func New() *Queue { return newQueue(false) }

// NewFixed returns an empty open queue without the bug.
func NewFixed() *Queue { return newQueue(true) }

func newQueue(fixed bool) *Queue {
	q := &Queue{fixed: fixed}
	q.notEmpty.L = &q.mu
	q.notFull.L = &q.mu
	return q
}

// Put appends x to the queue, blocking while the queue is full and
// open. It returns ErrClosed if the queue is closed (before or while it
// waits).
func (q *Queue) Put(x int) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == Capacity && !q.closed {
		q.notFull.Wait()
	}
	if q.closed {
		return ErrClosed
	}
	q.items = append(q.items, x)
	q.notEmpty.Signal()
	return nil
}

// Take removes and returns the first item, blocking while the queue is
// empty and open. On a closed queue it returns the items left, then
// (0, false).
func (q *Queue) Take() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.fixed {
		for len(q.items) == 0 {
			if q.closed {
				return 0, false
			}
			q.notEmpty.Wait()
		}
	} else {
		// injected bug: "if" instead of "for": after the wake-up the
		// queue is not checked again, and may be empty.
		if len(q.items) == 0 {
			if q.closed {
				return 0, false
			}
			q.notEmpty.Wait()
		}
	}
	x := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	return x, true
}

// Len returns the number of items in the queue.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// Close closes the queue and wakes every waiting Put and Take. Close of
// a closed queue panics.
func (q *Queue) Close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		panic("boundedqueue: Close of a closed queue")
	}
	q.closed = true
	q.notEmpty.Broadcast()
	q.notFull.Broadcast()
}
