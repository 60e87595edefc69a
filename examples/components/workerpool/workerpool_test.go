package workerpool

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var versions = []struct {
	name string
	new  func() *Pool
}{{"New", New}, {"NewFixed", NewFixed}}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			p := v.new()
			done := make(chan int)
			for i := range 2 {
				if err := p.Submit(func() { done <- i }); err != nil {
					t.Fatal(err)
				}
			}
			if <-done+<-done != 1 {
				t.Fatal("tasks did not run")
			}
			if n := p.Running(); n != 2 {
				t.Fatalf("Running %d, want 2", n)
			}
			p.Release()
			p.Release()
			if err := p.Submit(func() {}); !errors.Is(err, ErrClosed) {
				t.Fatalf("Submit after Release: %v", err)
			}
			if p.Running() != 0 || p.Idle() != 0 {
				t.Fatalf("Running %d Idle %d after Release", p.Running(), p.Idle())
			}
			defer func() {
				if recover() == nil {
					t.Fatal("Submit(nil) did not panic")
				}
			}()
			p.Submit(nil)
		})
	}
}

// TestPurge runs natively (go test -race): idle workers expire and are
// stopped by the purger, and the pool keeps working afterwards.
func TestPurge(t *testing.T) {
	p := NewFixed()
	defer p.Release()
	var ran atomic.Int64
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 25 {
				if err := p.Submit(func() { ran.Add(1) }); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for p.Running() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d idle workers not purged", p.Running())
		}
		time.Sleep(time.Millisecond)
	}
	done := make(chan bool)
	if err := p.Submit(func() { done <- true }); err != nil {
		t.Fatal(err)
	}
	<-done
	if n := ran.Load(); n != 100 {
		t.Fatalf("%d tasks ran, want 100", n)
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
