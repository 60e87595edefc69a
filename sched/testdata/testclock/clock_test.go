// Package testclock is a test whose state holds native memory: the
// *testing.T and a time.Time (StateHash hashes both by contents, so two
// machines, each with its own *testing.T, reach the same states).
package testclock

import (
	"sync"
	"testing"
	"time"
)

func TestLockedClock(t *testing.T) {
	start := time.Now()
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			n++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if n != 2 || time.Since(start) < 0 {
		t.Fatal("lost update")
	}
}
