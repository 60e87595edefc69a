// Command race_chan_send_close sends on a channel while another goroutine
// closes it, and recovers the "send on closed channel" panic (the shape of
// gammazero/workerpool v1.2.2's Do racing with Stop). Go's race detector
// reports the send (a read of the channel) against the close (a write),
// whichever comes first.
//
// want: data race
package main

func main() {
	ch, done := make(chan int, 1), make(chan struct{})
	go func() {
		defer close(done)
		defer func() { _ = recover() }()
		ch <- 1
	}()
	close(ch)
	<-done
}
