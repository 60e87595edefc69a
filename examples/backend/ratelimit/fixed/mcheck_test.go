//go:build !native

package ratelimit

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two clients' first requests arrive at once: both are within limits.
func TestTwoClients(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		h := NewLimiter(1, 5).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		var wg sync.WaitGroup
		for _, addr := range []string{"10.0.0.1:4000", "10.0.0.2:4000"} {
			wg.Go(func() {
				req, rec := httptest.NewRequest("GET", "/", nil), httptest.NewRecorder()
				req.RemoteAddr = addr
				if h.ServeHTTP(rec, req); rec.Code != http.StatusOK {
					t.Errorf("%s: status %d, want 200", addr, rec.Code)
				}
			})
		}
		wg.Wait()
	})
}
