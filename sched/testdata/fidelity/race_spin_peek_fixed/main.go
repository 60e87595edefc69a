// Command race_spin_peek_fixed peeks at the lock word with an atomic
// load.
//
// want: clean
package main

import (
	"runtime"
	"sync/atomic"
)

type SpinLock struct{ state int32 }

func (l *SpinLock) Lock() {
	for !atomic.CompareAndSwapInt32(&l.state, 0, 1) {
		runtime.Gosched()
	}
}

func (l *SpinLock) Unlock() { atomic.StoreInt32(&l.state, 0) }

func (l *SpinLock) Busy() bool { return atomic.LoadInt32(&l.state) == 1 }

func main() {
	var l SpinLock
	count := 0
	done := make(chan bool)
	go func() {
		done <- l.Busy()
	}()
	l.Lock()
	count++
	l.Unlock()
	<-done
}
