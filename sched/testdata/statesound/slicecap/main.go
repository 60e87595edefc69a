// Command slicecap: the last of two locked writes leaves b a slice of
// length 1 with capacity 1 or 2; the program panics when an append to b
// writes into b's array. The two states differ only in b's capacity.
package main

import "sync"

var (
	b  []int
	mu sync.Mutex
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		mu.Lock()
		b = make([]int, 1, 2)
		mu.Unlock()
	}()
	go func() {
		defer wg.Done()
		mu.Lock()
		b = make([]int, 1)
		mu.Unlock()
	}()
	wg.Wait()
	done := make(chan bool)
	go func() { done <- true }()
	c := append(b, 1)
	c[0] = 7
	<-done
	if b[0] == 7 {
		panic("the append wrote into b's array")
	}
}
