//go:build native

package bug

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/lestrrat-go/backoff/v2"
)

// TestNativeCancelWhileRetrying is TestCancelWhileRetrying's body without
// mcheck, then a count of the goroutines left after 20ms:
//
//	go test -race -tags native -count=200 -run Native .
func TestNativeCancelWhileRetrying(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := backoff.Constant(backoff.WithInterval(time.Millisecond)).Start(ctx)
	for backoff.Continue(c) {
		time.Sleep(2 * time.Millisecond) // an attempt that fails slowly
		cancel()
	}
	time.Sleep(20 * time.Millisecond)
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left, %d before: the controller's goroutine leaked", n, before)
	}
}
