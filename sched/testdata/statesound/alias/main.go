// Command alias: the last of two locked writes leaves p pointing at a
// field of s or at a fresh int holding the same value; the program panics
// when a write through p does not reach s.f. The two states differ only
// in where p points, which a fingerprint must tell apart.
package main

import "sync"

type S struct{ f int }

var (
	s  = &S{}
	p  *int
	mu sync.Mutex
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		mu.Lock()
		p = new(int)
		mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		mu.Lock()
		p = &s.f
		mu.Unlock()
	}()
	wg.Wait()
	done := make(chan bool)
	go func() { done <- true }()
	*p = 1
	<-done
	if s.f != 1 {
		panic("p does not point at s.f")
	}
}
