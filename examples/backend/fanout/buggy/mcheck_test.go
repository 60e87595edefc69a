//go:build !native

package fanout

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// A query over two shards returns the hits of both.
func TestSearchTwoShards(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var shards []string
		for _, doc := range []string{"a.txt", "b.txt"} {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprintf(w, `[{"doc":%q,"score":1}]`, doc)
			}))
			defer srv.Close()
			shards = append(shards, srv.URL)
		}
		if hits := Search(context.Background(), http.DefaultClient, shards, "go"); len(hits) != 2 {
			t.Errorf("got %d hits, want 2: %v", len(hits), hits)
		}
	})
}
