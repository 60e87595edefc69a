//go:build !native

package shutdownaudit

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// One request, then a graceful shutdown: its audit record must be there.
func TestAuditAfterShutdown(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		s := New()
		go s.Serve(ln)
		resp, err := http.Get("http://" + ln.Addr().String() + "/orders/7")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		s.Shutdown(context.Background())
		if n := len(s.AuditLog()); n != 1 {
			t.Errorf("%d audit records, want 1", n)
		}
	})
}
