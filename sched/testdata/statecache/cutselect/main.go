// Command cutselect: two workers reach one state in either order, and
// there main is stopped at a select with two ready cases while another
// goroutine can move. The stateful dfs cuts the second visit short, and
// the step the explorer still runs after the cut (main's select) makes a
// choice among its cases: the dfs pushed that choice onto its path and
// later replayed it where the execution asks for a goroutine (a host
// panic in the dfs, found on lestrrat-go/backoff v2.0.8).
package main

import "sync"

func main() {
	a, b := make(chan int, 1), make(chan int, 1)
	a <- 1
	b <- 2
	var mu sync.Mutex
	var wg sync.WaitGroup
	x := 0
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			mu.Lock()
			x++
			mu.Unlock()
		}()
	}
	wg.Wait()
	done := make(chan bool)
	go func() { done <- true }()
	select {
	case <-a:
	case <-b:
	}
	<-done
	if x != 2 {
		panic(x)
	}
}
