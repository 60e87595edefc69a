// Command load_randbranch_fixed takes the lock on the sampled path too.
//
// want: clean
package main

import (
	"math/rand"
	"sync"
)

type stats struct {
	mu      sync.Mutex
	hits    int
	sampled int
}

func (s *stats) record() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rand.Intn(4) == 0 {
		s.sampled++
	}
	s.hits++
}

func main() {
	s := &stats{}
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.record()
		}()
	}
	wg.Wait()
}
