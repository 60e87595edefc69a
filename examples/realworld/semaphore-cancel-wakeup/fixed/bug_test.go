package bug

import (
	"context"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"golang.org/x/sync/semaphore"
)

// golang/go#37852 "x/sync: semaphore.Weighted.Acquire should try to notify
// other waiters when canceled", fixed by CL 223418 (golang/sync PR #10):
// a waiter at the front of the queue that gives up (its context is
// cancelled) removes itself without waking the waiters behind it, so a
// smaller request for which tokens are free stays blocked forever.
func TestCanceledFrontWaiter(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		sem := semaphore.NewWeighted(2)
		sem.Acquire(context.Background(), 1) // one token stays held
		ctx, cancel := context.WithCancel(context.Background())
		go sem.Acquire(ctx, 2) // queues for both tokens, then gives up
		go cancel()
		if err := sem.Acquire(context.Background(), 1); err != nil { // the free token
			t.Error(err)
		}
	})
}

func TestComponent(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // an Acquire that gives up
	mcheck.Component(t, semaphore.NewWeighted, mcheck.Values(int64(2), int64(1), ctx, context.Background()))
}
