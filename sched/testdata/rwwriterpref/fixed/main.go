// Command fixed: recursive's reader releases its read lock before it
// takes it again; once the writer has had the lock, two readers hold it
// together (the writer no longer waits).
package main

import "sync"

func main() {
	var mu sync.RWMutex
	done := make(chan bool)
	mu.RLock()
	go func() {
		mu.Lock()
		mu.Unlock()
		close(done)
	}()
	mu.RUnlock()
	mu.RLock()
	mu.RUnlock()
	<-done
	mu.RLock()
	both := make(chan bool)
	go func() {
		mu.RLock() // with main's read lock held
		mu.RUnlock()
		close(both)
	}()
	<-both
	mu.RUnlock()
}
