// Command time_afterfunc closes a channel from a timeout callback and
// again when the work finishes, assuming the callback cannot have run yet.
//
// want: panic [close of closed channel]
package main

import "time"

func main() {
	done := make(chan struct{})
	t := time.AfterFunc(2*time.Millisecond, func() { close(done) })
	work := 0
	for i := range 10 {
		work += i
	}
	t.Stop() // the callback may already have run
	close(done)
	<-done
	_ = work
}
