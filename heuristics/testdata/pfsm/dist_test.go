package main

import "testing"

// TestContext stops goroutines inside step, called from far and from
// near: a heuristic sees their stacks at the channel send.
func TestContext(t *testing.T) {
	ch := make(chan int)
	done := make(chan bool)
	go func() { far(ch); done <- true }()
	go func() { near(ch); done <- true }()
	for i := 0; i < 3; i++ {
		<-ch
	}
	<-done
	<-done
}
