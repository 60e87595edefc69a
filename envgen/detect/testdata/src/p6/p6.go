// Package p6 holds instances of P6 (a sync.Cond.Wait not in a loop) and
// code that must not be reported.
package p6

import "sync"

type Queue struct {
	mu       sync.Mutex
	notEmpty *sync.Cond
	items    []int
}

func New() *Queue {
	q := &Queue{}
	q.notEmpty = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(x int) {
	q.mu.Lock()
	q.items = append(q.items, x)
	q.notEmpty.Signal()
	q.mu.Unlock()
}

// Take waits once: after its wake-up another Take may have the item.
func (q *Queue) Take() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		q.notEmpty.Wait() // want `P6: Wait on \(\*Queue\)\.notEmpty not in a loop in \(\*Queue\)\.Take; another call of it waits \(weight 0\.5\); signalled in \(\*Queue\)\.Put \(weight 0\.5\)`
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

// TakeLoop waits in a loop: not reported.
func (q *Queue) TakeLoop() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.notEmpty.Wait()
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}
