// Command race_atomic_store_read_fixed reads the closed flag atomically
// too.
//
// want: clean
package main

import (
	"sync"
	"sync/atomic"
)

type Queue struct {
	closed int32
	mu     sync.Mutex
	items  []int
}

func (q *Queue) Close() { atomic.StoreInt32(&q.closed, 1) }

func (q *Queue) Closed() bool { return atomic.LoadInt32(&q.closed) == 1 }

func main() {
	q := &Queue{}
	done := make(chan bool)
	go func() {
		done <- q.Closed()
	}()
	q.Close()
	<-done
}
