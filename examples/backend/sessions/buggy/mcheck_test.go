//go:build !native

package sessions

import (
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two users log in at once over a real HTTP connection each.
func TestConcurrentLogins(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		s := NewServer()
		srv := httptest.NewServer(s.Handler())
		defer srv.Close()
		var wg sync.WaitGroup
		for _, user := range []string{"ann", "bob"} {
			wg.Go(func() {
				if resp, err := srv.Client().Post(srv.URL+"/login?user="+user, "", nil); err == nil {
					resp.Body.Close()
				}
			})
		}
		wg.Wait()
		if n := s.Sessions(); n != 2 {
			t.Errorf("%d sessions, want 2", n)
		}
	})
}
