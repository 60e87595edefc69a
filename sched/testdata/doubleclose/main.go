// Command doubleclose closes a channel "once" with a check-then-act
// that is not atomic: on some schedules both goroutines close it.
package main

func main() {
	done := make(chan struct{})
	finished := make(chan bool)
	closeOnce := func() {
		select {
		case <-done:
		default:
			close(done)
		}
	}
	go func() {
		closeOnce()
		finished <- true
	}()
	closeOnce()
	<-finished
}
