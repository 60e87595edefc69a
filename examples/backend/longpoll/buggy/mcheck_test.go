//go:build !native

package longpoll

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// A poller's client goes away while a message is published.
func TestPublishWhilePollerLeaves(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		b := NewBroker()
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		wg.Go(func() {
			b.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(ctx, "GET", "/poll?topic=news", nil))
		})
		wg.Go(func() {
			b.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/publish?topic=news", strings.NewReader("hi")))
		})
		cancel()
		wg.Wait()
	})
}
