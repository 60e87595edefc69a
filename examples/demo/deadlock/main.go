// Command deadlock forgets to start the receiver when the input is empty:
// the send blocks forever and Go's runtime reports a global deadlock.
// Under mcheck the deadlock is a result, not a crash of the host.
package main

import "fmt"

func consume(items []string, done chan<- int) {
	if len(items) == 0 {
		return // bug: nobody will send on done
	}
	done <- len(items)
}

func main() {
	done := make(chan int)
	go consume(nil, done)
	fmt.Println("waiting for the consumer...")
	fmt.Println("consumed", <-done)
}
