//go:build !native

package quotetimeout

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// The caller gives up before the pricing service answers.
func TestQuoteCallerGivesUp(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			<-release
			io.WriteString(w, "9.99")
		}))
		defer srv.Close()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		c := &Client{HTTP: srv.Client(), Base: srv.URL}
		if _, err := c.Quote(ctx, "mug"); err != context.Canceled {
			t.Errorf("Quote = %v, want context.Canceled", err)
		}
		close(release)
	})
}
