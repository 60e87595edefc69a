package bug

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/panjf2000/ants/v2"
)

// panjf2000/ants#374 "Race Condition: Running Worker Count Exceeds Pool
// Capacity" (fixed in v2.11.4): retrieveWorker checks capacity > Running()
// under the lock but unlocks before w.run() increments running, so two
// Submits can both spawn a worker in a pool of capacity 1.
func TestSubmitOverCapacity(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		p, _ := ants.NewPool(1)
		defer p.Release()
		done := make(chan int, 2)
		task := func() { done <- p.Running() }
		go func() { _ = p.Submit(task) }()
		go func() { _ = p.Submit(task) }()
		if a, b := <-done, <-done; a > 1 || b > 1 {
			t.Errorf("%d and %d workers running in a pool of capacity 1", a, b)
		}
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() (*ants.Pool, error) { return ants.NewPool(1) }, mcheck.Exclude("ReleaseTimeout", "Reboot"))
}
