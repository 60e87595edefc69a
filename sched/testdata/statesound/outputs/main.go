// Command outputs: the last of two locked sections leaves p pointing at
// a field of s or at a lone int, and b with capacity 1 or 2; main then
// writes through p, appends to b and prints what reached s and b. It is
// clean: the states the two orders reach differ only in aliasing and
// capacity, and their outputs differ, which the fingerprint's test of
// futures (TestStateHashFutures) needs.
package main

import (
	"fmt"
	"sync"
)

type S struct{ f int }

var (
	s  = &S{}
	p  *int
	b  []int
	mu sync.Mutex
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		mu.Lock()
		p, b = new(int), make([]int, 1, 2)
		mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		mu.Lock()
		p, b = &s.f, make([]int, 1)
		mu.Unlock()
	}()
	wg.Wait()
	done := make(chan bool)
	go func() { done <- true }()
	*p = 1
	c := append(b, 1)
	c[0] = 7
	<-done
	fmt.Println(s.f, b[0])
}
