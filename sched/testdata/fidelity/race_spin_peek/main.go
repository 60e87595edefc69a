// Command race_spin_peek guards a counter with a spin lock built on
// atomic.CompareAndSwapInt32, and a metrics function peeks at the lock
// word with a plain read. The CAS that takes the lock and the store that
// releases it are atomic writes; each races with the plain read.
//
// want: data race [atomic write]
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

func (l *SpinLock) Busy() bool { return l.state == 1 }

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
