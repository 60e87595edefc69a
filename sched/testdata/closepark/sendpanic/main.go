// Command sendpanic: a select waits to send on out, which a timer's
// function closes, and for done, which a goroutine closes once out is
// closed. With timers that fire only when no goroutine can move, the
// select is parked when out is closed, and Go's close wakes it with its
// send case, which panics: it does not take done, even if it runs again
// only after done is closed. (The send and the close race, as go run
// -race reports.)
package main

import (
	"fmt"
	"time"
)

func main() {
	out, stop, done := make(chan int), make(chan struct{}), make(chan struct{})
	go func() {
		<-stop
		close(done)
	}()
	time.AfterFunc(time.Millisecond, func() {
		close(out)
		close(stop)
	})
	defer func() {
		if r := fmt.Sprint(recover()); r != "send on closed channel" {
			panic("the select did not panic: " + r)
		}
	}()
	select {
	case out <- 1:
	case <-done:
		panic("the select took done, though out was closed while it was parked")
	}
}
