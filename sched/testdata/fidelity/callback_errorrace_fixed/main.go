// Command callback_errorrace_fixed waits for the retry loop to finish
// before formatting its error.
//
// want: clean
package main

import "fmt"

type RetryError struct {
	Op       string
	Attempts int
}

func (e *RetryError) Error() string {
	return fmt.Sprintf("%s failed after %d attempts", e.Op, e.Attempts)
}

func main() {
	err := &RetryError{Op: "dial"}
	done := make(chan struct{})
	go func() {
		for range 3 {
			err.Attempts++
		}
		close(done)
	}()
	<-done
	if msg := fmt.Sprint("giving up: ", err); msg != "giving up: dial failed after 3 attempts" {
		panic(msg)
	}
}
