package bug

import (
	"context"
	"testing"
	"time"

	"github.com/lestrrat-go/backoff/v2"
	"github.com/mcheck-dev/mcheck"
)

// lestrrat-go/backoff#30 "fix goroutine leaks" (v2.0.8, "Fix possible
// goroutine leak"): the controller's goroutine sends the next retry token
// on a one-slot channel without watching the context, so once the caller
// stops reading (its context was cancelled) it blocks there forever.
func TestCancelWhileRetrying(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		c := backoff.Constant(backoff.WithInterval(time.Millisecond)).Start(ctx)
		for backoff.Continue(c) {
			time.Sleep(2 * time.Millisecond) // an attempt that fails slowly
			cancel()
		}
	})
}

func TestComponent(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	mcheck.Component(t, func() backoff.Policy { return backoff.Constant(backoff.WithInterval(time.Millisecond)) }, mcheck.Values(ctx))
}
