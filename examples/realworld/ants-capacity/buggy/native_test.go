//go:build native

package bug

import (
	"testing"

	"github.com/panjf2000/ants/v2"
)

// TestNativeSubmitOverCapacity is TestSubmitOverCapacity's body without
// mcheck:
//
//	go test -race -tags native -count=200 -run Native .
func TestNativeSubmitOverCapacity(t *testing.T) {
	p, _ := ants.NewPool(1)
	defer p.Release()
	done := make(chan int, 2)
	task := func() { done <- p.Running() }
	go func() { _ = p.Submit(task) }()
	go func() { _ = p.Submit(task) }()
	if a, b := <-done, <-done; a > 1 || b > 1 {
		t.Errorf("%d and %d workers running in a pool of capacity 1", a, b)
	}
}
