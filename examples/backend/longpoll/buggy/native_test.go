//go:build native

package longpoll

import (
	"context"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// 2000 times: a poller waits on a topic, then its client goes away while
// a message is published to the topic. If a round has not finished in 5
// seconds, the test fails with a goroutine dump.
func TestPublishWhilePollerLeavesNative(t *testing.T) {
	for range 2000 {
		b := NewBroker()
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		wg.Go(func() {
			b.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(ctx, "GET", "/poll?topic=news", nil))
		})
		for waiting := 0; waiting == 0; runtime.Gosched() { // until the poller waits
			b.mu.Lock()
			waiting = len(b.waiting["news"])
			b.mu.Unlock()
		}
		wg.Go(func() {
			b.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/publish?topic=news", strings.NewReader("hi")))
		})
		cancel()
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			buf := make([]byte, 1<<20)
			t.Fatalf("deadlock: publish and the leaving poller wait for each other:\n%s", buf[:runtime.Stack(buf, true)])
		}
	}
}
