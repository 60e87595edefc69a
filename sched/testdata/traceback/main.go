// Command traceback deadlocks with goroutines blocked in a receive, a
// send, a lock, a select and a receive inside a function with arguments:
// TestTracebackMatchesGo compares mcheck's goroutine dump with Go's.
package main

import "sync"

type box struct{ ch chan int }

func (b *box) wait(n int) int {
	return <-b.ch + n
}

func main() {
	var mu sync.Mutex
	mu.Lock()
	send, recv := make(chan int), make(chan int)
	b := &box{ch: make(chan int)}
	go func() {
		mu.Lock()
	}()
	go func() {
		send <- 1
	}()
	go func() {
		select {
		case <-recv:
		case <-b.ch:
		}
	}()
	go b.wait(3)
	<-recv
}
