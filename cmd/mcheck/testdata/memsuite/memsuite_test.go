package memsuite

import (
	"sync"
	"testing"
)

// TestLogForever never ends: it logs until memory runs out.
func TestLogForever(t *testing.T) {
	var l Log
	for i := 0; ; i++ {
		l.Add(i)
	}
}

// TestRacyCounter increments the counter from two goroutines.
func TestRacyCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Inc() }()
	}
	wg.Wait()
}

// TestLogSome logs a little: it passes.
func TestLogSome(t *testing.T) {
	var l Log
	for i := range 100 {
		l.Add(i)
	}
	if len(l.lines) != 100 {
		t.Fatal("lost lines")
	}
}

// depth recurses without a base case.
func depth(n int) int { return depth(n+1) + 1 }

// TestRecurseForever never returns: it recurses until the stack bound.
func TestRecurseForever(t *testing.T) {
	depth(0)
}

// TestSpinForever never returns: a loop with nothing to wait for.
func TestSpinForever(t *testing.T) {
	n := 0
	for n >= 0 {
		n = (n + 1) % 1000
	}
}
