// Command randrace_fixed is randrace with the draws under a mutex: no
// race.
package main

import (
	"math/rand"
	"sync"
)

func main() {
	r := rand.New(rand.NewSource(1))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			_ = r.Intn(10)
			mu.Unlock()
		}()
	}
	wg.Wait()
}
