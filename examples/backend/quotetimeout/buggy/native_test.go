//go:build native

package quotetimeout

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The caller's deadline passes before the pricing service answers; once
// the service has answered, no goroutine of Quote may be left (checked
// on a goroutine dump after a short wait).
func TestQuoteTimeoutNative(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		io.WriteString(w, "9.99")
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	c := &Client{HTTP: srv.Client(), Base: srv.URL}
	if _, err := c.Quote(ctx, "mug"); err != context.DeadlineExceeded {
		t.Errorf("Quote = %v, want context.DeadlineExceeded", err)
	}
	close(release)
	srv.Close()
	time.Sleep(200 * time.Millisecond)
	buf := make([]byte, 1<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	if strings.Contains(dump, "(*Client).Quote.func1") {
		t.Errorf("goroutine leak: Quote's request goroutine is still blocked:\n%s", dump)
	}
}
