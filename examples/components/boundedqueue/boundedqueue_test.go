package boundedqueue

import (
	"errors"
	"sync"
	"testing"
)

var versions = []struct {
	name string
	new  func() *Queue
}{{"New", New}, {"NewFixed", NewFixed}}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			q := v.new()
			for _, x := range []int{1, 2} {
				if err := q.Put(x); err != nil {
					t.Fatal(err)
				}
			}
			if q.Len() != 2 {
				t.Fatalf("Len %d, want 2", q.Len())
			}
			if x, ok := q.Take(); x != 1 || !ok {
				t.Fatalf("Take = %d, %v, want 1, true", x, ok)
			}
			q.Close()
			if err := q.Put(3); !errors.Is(err, ErrClosed) {
				t.Fatalf("Put after Close: %v", err)
			}
			if x, ok := q.Take(); x != 2 || !ok {
				t.Fatalf("Take = %d, %v, want 2, true", x, ok)
			}
			if x, ok := q.Take(); x != 0 || ok {
				t.Fatalf("Take on a closed empty queue = %d, %v", x, ok)
			}
			defer func() {
				if recover() == nil {
					t.Fatal("second Close did not panic")
				}
			}()
			q.Close()
		})
	}
}

// TestProducersConsumers runs natively (go test -race): every item put
// is taken exactly once, and Close releases the waiting takers.
func TestProducersConsumers(t *testing.T) {
	q := NewFixed()
	const producers, items = 3, 100
	var wg, takers sync.WaitGroup
	sums := make([]int, 3)
	for i := range sums {
		takers.Add(1)
		go func() {
			defer takers.Done()
			for {
				x, ok := q.Take()
				if !ok {
					return
				}
				sums[i] += x
			}
		}()
	}
	for range producers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := 1; x <= items; x++ {
				if err := q.Put(x); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	q.Close()
	takers.Wait()
	total := 0
	for _, s := range sums {
		total += s
	}
	if want := producers * items * (items + 1) / 2; total != want {
		t.Fatalf("took %d, want %d", total, want)
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
