//go:build !native

package emailqueue

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// One signup, then a graceful shutdown: nothing of the service may keep
// running.
func TestSignupThenShutdown(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		s := New()
		go s.Serve(ln)
		resp, err := http.Post("http://"+ln.Addr().String()+"/signup?email=ann@example.com", "", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		s.Shutdown(context.Background())
	})
}
