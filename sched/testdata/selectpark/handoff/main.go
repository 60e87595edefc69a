// Command handoff: a receive that may block on an unbuffered channel, and
// a select that may send on it or take a closed channel. When the
// receiver has parked first, both cases are ready and Go's select takes
// either: the send is a schedule Go has (the panic marks it).
package main

func main() {
	ch := make(chan int)
	done := make(chan struct{})
	close(done)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		<-ch
	}()
	select {
	case ch <- 1:
		panic("sent to the parked receiver")
	case <-done:
		close(ch)
	}
	<-finished
}
