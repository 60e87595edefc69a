// Command racekinds accesses five words from two goroutines that nothing
// orders, each word with another pair of access kinds: a plain access and
// an atomic one race when one of them writes (a, b), two atomic accesses
// never race (c), nor do two reads, plain or atomic (d, e). A sixth word is
// added to atomically by three goroutines and read plainly after
// WaitGroup.Wait, which orders them (f).
package main

import (
	"sync"
	"sync/atomic"
)

var a, b, c, d, e, f int32

func main() {
	var wg sync.WaitGroup
	wg.Add(4)
	go func() {
		use(a)                 // plain read of a
		atomic.LoadInt32(&b)   // atomic read of b
		atomic.AddInt32(&c, 1) // atomic write of c
		use(d)                 // plain read of d
		use(e)                 // plain read of e
		atomic.AddInt32(&f, 1) // atomic write of f
		wg.Done()
	}()
	go func() {
		atomic.StoreInt32(&a, 1) // atomic write of a
		b = 1                    // plain write of b
		atomic.LoadInt32(&c)     // atomic read of c
		atomic.LoadInt32(&d)     // atomic read of d
		use(e)                   // plain read of e
		atomic.AddInt32(&f, 1)   // atomic write of f
		wg.Done()
	}()
	go func() {
		atomic.AddInt32(&f, 1)
		wg.Done()
	}()
	atomic.AddInt32(&f, 1)
	wg.Done()
	wg.Wait()
	if f != 4 {
		panic("lost an add")
	}
}

//go:noinline
func use(int32) {}
