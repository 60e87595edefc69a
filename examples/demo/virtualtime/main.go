// Command virtualtime sleeps for hours and waits on timers; under mcheck
// the clock is virtual, so it finishes at once and deterministically.
package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	done := make(chan string)
	go func() {
		time.Sleep(2 * time.Hour)
		done <- "worker woke after 2h"
	}()
	select {
	case msg := <-done:
		fmt.Println(msg)
	case <-time.After(3 * time.Hour):
		fmt.Println("timeout")
	}
	fmt.Println("elapsed:", time.Since(start))
}
