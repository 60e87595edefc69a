// Command race_wg_add_inside_fixed calls wg.Add before the go statement.
//
// want: clean
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	results := map[int]int{}
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			results[i] = i * i
			mu.Unlock()
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(results) != 3 {
		panic("a result is missing")
	}
}
