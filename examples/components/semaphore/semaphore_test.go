package semaphore

import (
	"sync"
	"testing"
)

var versions = []struct {
	name string
	new  func() *Weighted
}{{"New", New}, {"NewFixed", NewFixed}}

func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			s := v.new()
			s.Acquire(0)
			s.Acquire(1)
			if !s.TryAcquire(1) {
				t.Fatal("TryAcquire(1) with 1 unit free failed")
			}
			if s.TryAcquire(1) || !s.TryAcquire(0) {
				t.Fatal("TryAcquire on a full semaphore")
			}
			s.Release(2)
			if !s.TryAcquire(2) {
				t.Fatal("TryAcquire(2) on an empty semaphore failed")
			}
			s.Release(1)
			s.Release(1)
			for name, f := range map[string]func(){
				"Acquire(-1)":    func() { s.Acquire(-1) },
				"TryAcquire(-1)": func() { s.TryAcquire(-1) },
				"Release(-1)":    func() { s.Release(-1) },
				"Release(1)":     func() { s.Release(1) },
			} {
				if !panics(f) {
					t.Errorf("%s did not panic", name)
				}
			}
		})
	}
}

// TestWaitersFIFO runs natively (go test -race): Acquires that wait get
// their units when Release frees them, and the semaphore never holds
// more than Size units.
func TestWaitersFIFO(t *testing.T) {
	s := NewFixed()
	var mu sync.Mutex
	held, peak := 0, 0
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 1 + i%2
			for range 50 {
				s.Acquire(n)
				mu.Lock()
				held += n
				peak = max(peak, held)
				mu.Unlock()
				mu.Lock()
				held -= n
				mu.Unlock()
				s.Release(n)
			}
		}()
	}
	wg.Wait()
	if peak > Size || !s.TryAcquire(Size) {
		t.Fatalf("peak %d units held, or units lost", peak)
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
