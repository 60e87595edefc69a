package bug

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/panjf2000/ants/v2"
)

// panjf2000/ants#113 "[BUG] Memory leak": a worker that checked the pool
// was open puts itself back after Release emptied the pool, and waits for
// a task forever.
func TestReleaseLeak(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		p, _ := ants.NewPool(1)
		done := make(chan struct{})
		_ = p.Submit(func() { close(done) })
		<-done
		p.Release()
	})
}

// Without the exclusion, Component reports true races of v2.7.5's
// lifecycle: ReleaseTimeout with a concurrent Release, and Reboot after
// Release, which Reboot's doc comment warns of ("use ReleaseTimeout()
// instead of Release() ... otherwise you may run into data race").
func TestComponent(t *testing.T) {
	mcheck.Component(t, func() (*ants.Pool, error) { return ants.NewPool(1) }, mcheck.Exclude("ReleaseTimeout", "Reboot"))
}
