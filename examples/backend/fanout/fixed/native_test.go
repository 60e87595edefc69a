//go:build native

package fanout

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Run with -race: twenty queries over four shards.
func TestSearchShardsNative(t *testing.T) {
	var shards []string
	for i := range 4 {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, `[{"doc":"%d-1.txt","score":%d},{"doc":"%d-2.txt","score":0.5}]`, i, i, i)
		}))
		defer srv.Close()
		shards = append(shards, srv.URL)
	}
	for range 20 {
		if hits := Search(context.Background(), http.DefaultClient, shards, "go"); len(hits) != 8 {
			t.Errorf("got %d hits, want 8: %v", len(hits), hits)
		}
	}
}
