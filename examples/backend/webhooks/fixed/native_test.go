//go:build native

package webhooks

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// Run with -race: ten events, then shutdown: all must have been
// delivered.
func TestDeliverThenCloseNative(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	d := NewDispatcher(srv.Client(), srv.URL)
	for range 10 {
		d.Notify(`{"order":1}`)
	}
	if sent, failed := d.Close(); sent != 10 {
		t.Errorf("Close = %d sent, %d failed; want 10 sent", sent, failed)
	}
}
