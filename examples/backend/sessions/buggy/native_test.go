//go:build native

package sessions

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Run with -race: eight users log in ten times each and look themselves
// up, concurrently.
func TestConcurrentLoginsNative(t *testing.T) {
	s := NewServer()
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	var wg sync.WaitGroup
	for _, user := range []string{"ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal"} {
		wg.Go(func() {
			for range 10 {
				resp, err := srv.Client().Post(srv.URL+"/login?user="+user, "", nil)
				if err != nil {
					t.Error(err)
					return
				}
				token, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				req, _ := http.NewRequest("GET", srv.URL+"/whoami", nil)
				req.Header.Set("Authorization", string(token))
				resp, err = srv.Client().Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				got, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if string(got) != user {
					t.Errorf("whoami = %q, want %q", got, user)
				}
			}
		})
	}
	wg.Wait()
	if n := s.Sessions(); n != 80 {
		t.Errorf("%d sessions, want 80", n)
	}
}
