// Command yield_first assumes that runtime.Gosched lets the goroutine it
// started run first. Real Go gives no such promise: on a machine with
// several Ps the yielding goroutine is often picked up again at once.
//
// want: panic [the worker has not run]
package main

import (
	"runtime"
	"sync/atomic"
)

func main() {
	var started atomic.Bool
	done := make(chan struct{})
	go func() {
		started.Store(true)
		close(done)
	}()
	runtime.Gosched() // "give the worker time to start"
	if !started.Load() {
		panic("the worker has not run")
	}
	<-done
}
