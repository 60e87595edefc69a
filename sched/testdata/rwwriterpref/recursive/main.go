// Command recursive: a read lock taken again while the first is held
// deadlocks once a writer waits for the first (Go's RWMutex keeps new
// readers out while a writer waits).
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
	mu.RLock() // blocks for good if the writer waits already
	mu.RUnlock()
	mu.RUnlock()
	<-done
}
