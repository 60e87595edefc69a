// Command callback_errorrace formats a retry error while the retry loop
// still updates it: fmt calls Error, which reads Attempts, concurrently
// with the loop's writes.
//
// want: data race
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
	msg := fmt.Sprint("giving up: ", err)
	<-done
	fmt.Println(msg)
}
