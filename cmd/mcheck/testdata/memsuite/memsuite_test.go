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
