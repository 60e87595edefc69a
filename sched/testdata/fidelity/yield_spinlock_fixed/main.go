// Command yield_spinlock_fixed guards a counter with a CAS spinlock that
// yields while it waits: the waiters never starve the holder.
//
// want: clean
package main

import (
	"runtime"
	"sync"
	"sync/atomic"
)

type spinlock struct{ held atomic.Bool }

func (l *spinlock) lock() {
	for !l.held.CompareAndSwap(false, true) {
		runtime.Gosched()
	}
}

func (l *spinlock) unlock() { l.held.Store(false) }

func main() {
	var l spinlock
	var wg sync.WaitGroup
	n := 0
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.lock()
			n++
			l.unlock()
		}()
	}
	wg.Wait()
	if n != 3 {
		panic("lost increments")
	}
}
