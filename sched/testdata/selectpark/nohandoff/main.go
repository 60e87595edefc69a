// Command nohandoff: two selects over an unbuffered channel, each with a
// case on a channel closed before either runs. Neither select ever
// blocks, so neither waits for the other: in Go no schedule hands the
// value over (the runtime's selectgo parks a goroutine only when no case
// is ready).
package main

func main() {
	ch := make(chan int)
	done := make(chan struct{})
	close(done)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		select {
		case <-ch:
			panic("received from a select that never waited")
		case <-done:
		}
	}()
	select {
	case ch <- 1:
		panic("sent to a select that never waited")
	case <-done:
	}
	<-finished
}
