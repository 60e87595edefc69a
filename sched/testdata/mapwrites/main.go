// Command mapwrites writes a map from two goroutines without a lock.
package main

import "sync"

func main() {
	m := map[string]int{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); m["a"] = 1 }()
	go func() { defer wg.Done(); m["b"] = 2 }()
	wg.Wait()
	_ = len(m)
}
