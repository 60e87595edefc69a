// Package twostage is the TwoStage benchmark of Rungta and Mercer, "A Meta
// Heuristic for Effectively Detecting Concurrency Errors", HVC 2008 (Section
// 3.1), in Go: an atomicity violation between two critical sections. A
// writer sets data1 under its lock, releases it, and then sets data2 from
// data1 under data2's lock. A reader that sees data1 set under data1's lock
// expects data2 to agree; between the writer's two stages it does not.
//
// TwoStage(n, m) runs n writers and m readers. Fixed is the twin whose
// writers hold data1's lock across both stages.
package twostage

import "sync"

type data struct {
	mu    sync.Mutex
	value int
}

// State is the shared pair.
type State struct{ d1, d2 data }

// Write is the buggy two-stage update.
func (s *State) Write() {
	s.d1.mu.Lock()
	s.d1.value = 1
	s.d1.mu.Unlock()
	s.d2.mu.Lock()
	s.d2.value = s.d1.value + 1
	s.d2.mu.Unlock()
}

// WriteFixed does both stages while holding data1's lock.
func (s *State) WriteFixed() {
	s.d1.mu.Lock()
	defer s.d1.mu.Unlock()
	s.d1.value = 1
	s.d2.mu.Lock()
	s.d2.value = s.d1.value + 1
	s.d2.mu.Unlock()
}

// Read reports whether the pair was consistent when seen: once data1 is
// set, data2 must be data1 + 1.
func (s *State) Read() bool {
	s.d1.mu.Lock()
	defer s.d1.mu.Unlock()
	if s.d1.value != 1 {
		return true
	}
	s.d2.mu.Lock()
	defer s.d2.mu.Unlock()
	return s.d2.value == s.d1.value+1
}

// Run starts n writers (write) and m readers and reports how many reads
// saw an inconsistent pair.
func Run(n, m int, write func(*State)) int {
	var s State
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := 0
	for range n {
		wg.Add(1)
		go func() { defer wg.Done(); write(&s) }()
	}
	for range m {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !s.Read() {
				mu.Lock()
				bad++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return bad
}
