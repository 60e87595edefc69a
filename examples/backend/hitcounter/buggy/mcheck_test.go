//go:build !native

package hitcounter

import (
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two views of the same page arrive at once: both must be counted.
func TestConcurrentHits(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		c := New()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				c.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/hit/home", nil))
			})
		}
		wg.Wait()
		if n := c.Count("home"); n != 2 {
			t.Errorf("home has %d hits, want 2", n)
		}
	})
}
