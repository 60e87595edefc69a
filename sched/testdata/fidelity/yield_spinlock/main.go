// Command yield_spinlock guards a counter with a CAS spinlock that yields
// while it waits; unlock releases the flag before the write is done.
//
// want: data race
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
			v := n
			l.unlock()
			n = v + 1 // after the unlock
		}()
	}
	wg.Wait()
}
