// Command either: parked's select without the timer. Its goroutine may
// be preempted before the select until both channels are closed, and
// the select then takes either case: done is a schedule Go has (the
// panic marks it).
package main

func main() {
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		<-stop
		close(done)
	}()
	go func() { close(stop) }()
	select {
	case <-stop:
	case <-done:
		panic("took done: the select ran after both were closed")
	}
}
