// Command condsignal: a goroutine waits on a sync.Cond for a flag that
// the main goroutine sets under the lock and signals.
package main

import "sync"

func main() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	ready := false
	done := make(chan bool)
	go func() {
		mu.Lock()
		for !ready {
			c.Wait()
		}
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	ready = true
	c.Signal()
	mu.Unlock()
	<-done
}
