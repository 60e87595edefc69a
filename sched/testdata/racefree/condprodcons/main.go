// Command condprodcons is a bounded queue built from a mutex and two
// sync.Conds (notEmpty, notFull); one producer and one consumer Wait in a
// loop and Signal each other, and Close wakes the consumer with Broadcast.
package main

import "sync"

type queue struct {
	mu       sync.Mutex
	notEmpty sync.Cond
	notFull  sync.Cond
	items    []int
	limit    int
	closed   bool
}

func newQueue(limit int) *queue {
	q := &queue{limit: limit}
	q.notEmpty.L = &q.mu
	q.notFull.L = &q.mu
	return q
}

func (q *queue) put(v int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == q.limit {
		q.notFull.Wait()
	}
	q.items = append(q.items, v)
	q.notEmpty.Signal()
}

func (q *queue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	q.notEmpty.Broadcast()
}

func (q *queue) get() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.notEmpty.Wait()
	}
	if len(q.items) == 0 {
		return 0, false
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	return v, true
}

func main() {
	q := newQueue(2)
	done := make(chan []int)
	go func() {
		var got []int
		for {
			v, ok := q.get()
			if !ok {
				break
			}
			got = append(got, v)
		}
		done <- got
	}()
	go func() {
		for i := 1; i <= 4; i++ {
			q.put(i)
		}
		q.close()
	}()
	got := <-done
	if len(got) != 4 {
		panic("FAIL: lost item")
	}
	for i, v := range got {
		if v != i+1 {
			panic("FAIL: order")
		}
	}
}
