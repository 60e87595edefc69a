// Command mutexhandoff: goroutine A sets data under a lock, then signals B
// on a channel; B reads the data under the same lock. B then updates it
// and signals back, and A reads the update under the lock.
package main

import "sync"

type box struct {
	mu   sync.Mutex
	data map[string]int
}

func main() {
	b := &box{}
	toB := make(chan struct{})
	toA := make(chan struct{})
	done := make(chan int)

	go func() { // A
		b.mu.Lock()
		b.data = map[string]int{"x": 1}
		b.mu.Unlock()
		toB <- struct{}{}

		<-toA
		b.mu.Lock()
		v := b.data["x"] + b.data["y"]
		b.mu.Unlock()
		done <- v
	}()
	go func() { // B
		<-toB
		b.mu.Lock()
		if b.data["x"] != 1 {
			b.mu.Unlock()
			panic("FAIL: B did not see A's write")
		}
		b.data["y"] = 41
		b.mu.Unlock()
		close(toA)
	}()
	if v := <-done; v != 42 {
		panic("FAIL: handoff result")
	}
}
