// Command load_unsafering_fixed writes the slot before it publishes the
// tail.
//
// want: clean
package main

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

type ring struct {
	slots [4]int64
	tail  atomic.Int64
}

func (r *ring) slot(i int64) *int64 {
	return (*int64)(unsafe.Add(unsafe.Pointer(&r.slots[0]), uintptr(i%4)*unsafe.Sizeof(r.slots[0])))
}

func (r *ring) push(v int64) {
	t := r.tail.Load()
	*r.slot(t) = v
	r.tail.Store(t + 1)
}

func main() {
	r := &ring{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.push(42)
	}()
	for r.tail.Load() == 0 {
	}
	if *r.slot(0) != 42 {
		panic("read a slot before it was written")
	}
	wg.Wait()
}
