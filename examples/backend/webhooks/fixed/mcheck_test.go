//go:build !native

package webhooks

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two events, then shutdown: both must have been delivered.
func TestDeliverThenClose(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
		defer srv.Close()
		d := NewDispatcher(srv.Client(), srv.URL)
		d.Notify(`{"order":1}`)
		d.Notify(`{"order":2}`)
		if sent, failed := d.Close(); sent != 2 {
			t.Errorf("Close = %d sent, %d failed; want 2 sent", sent, failed)
		}
	})
}
