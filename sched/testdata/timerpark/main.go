// Command timerpark waits in a select for a timer and for a channel that
// another goroutine closes later. The select parks before either is
// ready, so the timer's firing hands it its value (Go's timer channels
// are synchronous: the firing completes the parked receive): it takes
// the timer's case even if it runs again only after done is closed.
package main

import "time"

func main() {
	done := make(chan struct{})
	go func() {
		time.Sleep(2 * time.Millisecond)
		close(done)
	}()
	select {
	case <-time.After(time.Millisecond):
	case <-done:
		panic("the select took done, though the timer fired while it was parked")
	}
}
