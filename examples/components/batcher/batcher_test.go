package batcher

import (
	"sync"
	"testing"
	"time"
)

var versions = []struct {
	name string
	new  func() *Batcher
}{{"New", New}, {"NewFixed", NewFixed}}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			b := v.new()
			for x := range 5 {
				b.Add(x)
			}
			// Two full batches flush at once, the fifth item by timer.
			deadline := time.Now().Add(5 * time.Second)
			for b.Flushed() < 5 {
				if time.Now().After(deadline) {
					t.Fatalf("%d items flushed, want 5", b.Flushed())
				}
				time.Sleep(time.Millisecond)
			}
			if b.Batches() != 3 {
				t.Fatalf("%d batches, want 3", b.Batches())
			}
			b.Add(5)
			b.Shutdown()
			b.Shutdown()
			if b.Flushed() != 6 {
				t.Fatalf("Shutdown left %d items flushed, want 6", b.Flushed())
			}
			defer func() {
				if recover() == nil {
					t.Fatal("Add after Shutdown did not panic")
				}
			}()
			b.Add(6)
		})
	}
}

// TestConcurrent runs natively (go test -race): concurrent Adds and
// Shutdowns lose no item.
func TestConcurrent(t *testing.T) {
	b := NewFixed()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := range 50 {
				b.Add(x)
			}
		}()
	}
	wg.Wait()
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.Shutdown()
		}()
	}
	wg.Wait()
	if n := b.Flushed(); n != 200 {
		t.Fatalf("%d items flushed, want 200", n)
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
