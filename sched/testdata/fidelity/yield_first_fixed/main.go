// Command yield_first_fixed waits for the worker instead of yielding to
// it.
//
// want: clean
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
	runtime.Gosched()
	<-done
	if !started.Load() {
		panic("the worker has not run")
	}
}
