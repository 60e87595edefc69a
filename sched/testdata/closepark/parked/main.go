// Command parked: a select waits for stop, which a timer's function
// closes, and for done, which a goroutine closes once it sees stop
// closed. With timers that fire only when no goroutine can move, the
// select is parked when stop is closed, and Go's close wakes it with
// that case: it takes stop even if it runs again only after done is
// closed.
package main

import "time"

func main() {
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		<-stop
		close(done)
	}()
	time.AfterFunc(time.Millisecond, func() { close(stop) })
	select {
	case <-stop:
	case <-done:
		panic("the select took done, though stop was closed while it was parked")
	}
}
