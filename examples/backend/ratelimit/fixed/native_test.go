//go:build native

package ratelimit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Run with -race: 16 clients send 5 requests each, concurrently (all
// within their burst of 5).
func TestClientsNative(t *testing.T) {
	h := NewLimiter(1, 5).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			for range 5 {
				req, rec := httptest.NewRequest("GET", "/", nil), httptest.NewRecorder()
				req.RemoteAddr = fmt.Sprintf("10.0.0.%d:4000", i)
				if h.ServeHTTP(rec, req); rec.Code != http.StatusOK {
					t.Errorf("%s: status %d, want 200", req.RemoteAddr, rec.Code)
				}
			}
		})
	}
	wg.Wait()
}
