// Command time_afterfunc_fixed closes the channel itself only when Stop
// kept the callback from running.
//
// want: clean
package main

import "time"

func main() {
	done := make(chan struct{})
	t := time.AfterFunc(2*time.Millisecond, func() { close(done) })
	work := 0
	for i := range 10 {
		work += i
	}
	if t.Stop() {
		close(done)
	}
	<-done
	_ = work
}
