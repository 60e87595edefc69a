// Command oncelazy initialises a shared table lazily with sync.Once; three
// goroutines call the getter and read the table; the initialiser runs
// exactly once.
package main

import (
	"sync"
	"sync/atomic"
)

var (
	once  sync.Once
	table map[string]int
	inits atomic.Int32
)

func get(k string) int {
	once.Do(func() {
		inits.Add(1)
		table = map[string]int{"a": 1, "b": 2, "c": 3}
	})
	return table[k]
}

func main() {
	var wg sync.WaitGroup
	got := make([]int, 3)
	keys := []string{"a", "b", "c"}
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = get(keys[i])
		}()
	}
	wg.Wait()
	if inits.Load() != 1 {
		panic("FAIL: initialiser did not run exactly once")
	}
	for i := range 3 {
		if got[i] != i+1 {
			panic("FAIL: lazy value")
		}
	}
}
