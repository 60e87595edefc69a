// Command dining5 is DiningPhil(5) with one philosopher taking the forks
// the other way round (no deadlock), for measuring executions per second.
package main

import "sync"

func main() {
	const n = 5
	forks := make([]sync.Mutex, n)
	var wg sync.WaitGroup
	meals := 0
	var mu sync.Mutex
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			left, right := &forks[i], &forks[(i+1)%n]
			if i == n-1 {
				left, right = right, left
			}
			left.Lock()
			right.Lock()
			mu.Lock()
			meals++
			mu.Unlock()
			right.Unlock()
			left.Unlock()
		}()
	}
	wg.Wait()
	if meals != n {
		panic("lost meal")
	}
}
