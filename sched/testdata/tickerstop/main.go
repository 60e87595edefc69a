// Command tickerstop stops a ticker and a timer, then deadlocks: its
// trace names each Stop by the type it was called on.
package main

import "time"

func main() {
	tk := time.NewTicker(time.Second)
	tm := time.NewTimer(time.Second)
	done := make(chan bool)
	go func() {
		tk.Stop()
		tm.Stop()
		done <- true
	}()
	<-done
	<-done // the deadlock
}
