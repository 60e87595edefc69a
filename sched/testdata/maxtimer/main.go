// Command maxtimer arms timers of the longest durations there are; none
// may fire before the work that the program waits for is done.
package main

import (
	"math"
	"time"
)

func main() {
	fired := make(chan struct{}, 3)
	done := make(chan struct{})
	time.AfterFunc(math.MaxInt64, func() { fired <- struct{}{} })
	t := time.NewTimer(math.MaxInt64 - 1)
	tk := time.NewTicker(math.MaxInt64)
	go func() {
		time.Sleep(time.Second)
		close(done)
	}()
	select {
	case <-done:
	case <-t.C:
		panic("the MaxInt64-1 timer fired first")
	case <-tk.C:
		panic("the MaxInt64 ticker fired first")
	case <-fired:
		panic("the MaxInt64 AfterFunc fired first")
	}
}
