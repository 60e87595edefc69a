//go:build native

package emailqueue

import (
	"context"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

// One signup, then a graceful shutdown; after a short wait no goroutine
// of the service may be left (checked on a goroutine dump).
func TestSignupThenShutdownNative(t *testing.T) {
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
	time.Sleep(100 * time.Millisecond)
	buf := make([]byte, 1<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	if strings.Contains(dump, "(*Service).sender") {
		t.Errorf("goroutine leak: the e-mail sender outlived Shutdown:\n%s", dump)
	}
}
