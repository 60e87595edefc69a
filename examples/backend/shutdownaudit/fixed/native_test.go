//go:build native

package shutdownaudit

import (
	"context"
	"net"
	"net/http"
	"sync"
	"testing"
)

// Run with -race: a few concurrent requests, a graceful shutdown, then
// the audit log is read (and must hold every request).
func TestAuditAfterShutdownNative(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	go s.Serve(ln)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			resp, err := http.Get("http://" + ln.Addr().String() + "/orders/7")
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
		})
	}
	wg.Wait()
	s.Shutdown(context.Background())
	if n := len(s.AuditLog()); n != 4 {
		t.Errorf("%d audit records, want 4", n)
	}
}
