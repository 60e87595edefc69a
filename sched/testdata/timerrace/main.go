// Command timerrace receives a value or times out: the timeout may fire
// before the sender runs.
package main

import "time"

func main() {
	ch := make(chan int, 1)
	go func() { ch <- 1 }()
	select {
	case <-ch:
	case <-time.After(time.Millisecond):
	}
}
