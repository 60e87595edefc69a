// Command traceview: a lock handed over after a sleep, a value sent on
// an unbuffered channel, then a receive nobody sends to (a global
// deadlock), for the trace viewer's test (traceview_test.go).
package main

import (
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	ch := make(chan int)
	mu.Lock()
	go func() {
		mu.Lock() // blocked until main unlocks
		v := <-ch
		mu.Unlock()
		_ = v
	}()
	time.Sleep(5 * time.Millisecond)
	mu.Unlock()
	ch <- 42
	<-ch // nobody sends: deadlock
}
