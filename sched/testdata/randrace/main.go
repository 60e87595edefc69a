// Command randrace draws from one math/rand Rand on two goroutines
// without a lock: a data race on the generator's state, as Go's race
// detector reports it (a Rand is not safe for concurrent use).
package main

import (
	"math/rand"
	"sync"
)

func main() {
	r := rand.New(rand.NewSource(1))
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = r.Intn(10)
		}()
	}
	wg.Wait()
}
