//go:build native

package hitcounter

import (
	"net/http/httptest"
	"sync"
	"testing"
)

// Run with -race: many concurrent views of a page.
func TestConcurrentHitsNative(t *testing.T) {
	c := New()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				c.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/hit/home", nil))
			}
		})
	}
	wg.Wait()
	if n := c.Count("home"); n != 400 {
		t.Errorf("home has %d hits, want 400", n)
	}
}
