// Command mutexmap has goroutines write and read a shared map under a
// sync.Mutex.
package main

import "sync"

func main() {
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	m := map[int]int{}
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			m[i] = i * 10
			mu.Unlock()

			mu.Lock()
			if m[i] != i*10 {
				mu.Unlock()
				panic("FAIL: own entry changed")
			}
			_ = len(m)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(m) != 3 {
		panic("FAIL: wrong map size")
	}
	for i := range 3 {
		if m[i] != i*10 {
			panic("FAIL: wrong map entry")
		}
	}
}
