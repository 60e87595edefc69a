// Command twoatomics: two goroutines each add to an atomic counter twice.
package main

import (
	"sync"
	"sync/atomic"
)

func main() {
	var n atomic.Int32
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			n.Add(1)
			n.Add(1)
		}()
	}
	wg.Wait()
	if n.Load() != 4 {
		panic("lost update")
	}
}
