// Command race_atomic_store_read closes a queue by setting its flag with
// atomic.StoreInt32, but the consumer polls the flag with a plain read.
// Mixed atomic and plain accesses to one word race (Go's race detector
// reports them).
//
// want: data race [atomic write]
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

func (q *Queue) Closed() bool { return q.closed == 1 }

func main() {
	q := &Queue{}
	done := make(chan bool)
	go func() {
		done <- q.Closed()
	}()
	q.Close()
	<-done
}
