// Package reorder is the Reorder benchmark of Rungta and Mercer, "A Meta
// Heuristic for Effectively Detecting Concurrency Errors", HVC 2008 (Section
// 3.1), in Go: setters write a = 1 then b = -1 with no synchronisation;
// checkers expect to see either neither write or both. On a schedule where
// a checker reads between the two writes it sees a == 1, b == 0. The fields
// are plain, so this is also a data race.
// The fixed twin guards the pair with a mutex.
package reorder

import "sync"

// Pair is the shared state.
type Pair struct {
	mu   sync.Mutex
	a, b int
}

// Set writes the pair without synchronisation.
func (p *Pair) Set() { p.a = 1; p.b = -1 }

// Check reports whether the pair was consistent.
func (p *Pair) Check() bool {
	a, b := p.a, p.b
	return (a == 0 && b == 0) || (a == 1 && b == -1)
}

// SetLocked and CheckLocked are the fixed twin.
func (p *Pair) SetLocked() { p.mu.Lock(); p.a = 1; p.b = -1; p.mu.Unlock() }

// CheckLocked reports whether the pair was consistent, under the lock.
func (p *Pair) CheckLocked() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return (p.a == 0 && p.b == 0) || (p.a == 1 && p.b == -1)
}

// Run starts n setters and m checkers and returns how many checks failed.
func Run(n, m int, set func(*Pair), check func(*Pair) bool) int {
	var p Pair
	var wg sync.WaitGroup
	var mu sync.Mutex
	bad := 0
	for range n {
		wg.Add(1)
		go func() { defer wg.Done(); set(&p) }()
	}
	for range m {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !check(&p) {
				mu.Lock()
				bad++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return bad
}
