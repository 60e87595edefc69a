// Command load_randbranch samples one refresh in four onto a fast path
// that forgets the lock. Which path a refresh takes comes from the global
// math/rand, so finding the race and replaying it both need rand to draw
// from the execution's seed.
//
// want: data race
package main

import (
	"math/rand"
	"sync"
)

type stats struct {
	mu   sync.Mutex
	hits int
}

func (s *stats) record() {
	if rand.Intn(4) == 0 { // sampled: the cheap path
		s.hits++ // forgot the lock
		return
	}
	s.mu.Lock()
	s.hits++
	s.mu.Unlock()
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
