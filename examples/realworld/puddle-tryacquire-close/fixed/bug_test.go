package bug

import (
	"context"
	"testing"

	"github.com/jackc/puddle/v2"
	"github.com/mcheck-dev/mcheck"
)

// jackc/puddle v2.2.3 (CHANGELOG: "Fix: Destroy resources when background
// construction started by TryAcquire finishes after Close or Reset.
// Previously, Close could wait indefinitely"): the goroutine TryAcquire
// starts to build a resource puts it in the idle stack even when Close ran
// meanwhile, so nothing destroys it and Close waits for it forever.
func TestCloseDuringTryAcquire(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		pool, _ := puddle.NewPool(&puddle.Config[int]{
			Constructor: func(context.Context) (int, error) { return 1, nil },
			Destructor:  func(int) {},
			MaxSize:     1,
		})
		pool.TryAcquire(context.Background()) // builds a resource in the background
		pool.Close()                          // waits until every resource is destroyed
	})
}

func TestComponent(t *testing.T) {
	config := &puddle.Config[int]{Constructor: func(context.Context) (int, error) { return 1, nil }, Destructor: func(int) {}, MaxSize: 1}
	mcheck.Component(t, puddle.NewPool[int], mcheck.Values(config, context.Background()))
}
