// Command bigheap: three goroutines update a shared table under one lock,
// while a large read-only index stays reachable.
package main

import (
	"fmt"
	"sync"
)

type entry struct {
	key  string
	val  int
	next *entry
}

func main() {
	index := map[string]*entry{}
	var list *entry
	for i := 0; i < 2000; i++ {
		e := &entry{key: fmt.Sprint("k", i), val: i, next: list}
		list = e
		index[e.key] = e
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	counter := 0
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 2; j++ {
				mu.Lock()
				counter++
				index["k1"].val++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Println(counter, index["k1"].val, list.key)
}
