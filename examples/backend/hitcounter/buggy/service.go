// Package hitcounter counts page views per path and reports them as JSON.
package hitcounter

import (
	"encoding/json"
	"net/http"
	"strings"
)

// Counter is an http.Handler: POST /hit/<page> counts a view of page,
// GET /stats returns every page's count.
type Counter struct {
	hits map[string]int
}

func New() *Counter {
	return &Counter{hits: make(map[string]int)}
}

func (c *Counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/hit/"):
		page := strings.TrimPrefix(r.URL.Path, "/hit/")
		c.hits[page]++
		w.WriteHeader(http.StatusNoContent)
	case r.Method == http.MethodGet && r.URL.Path == "/stats":
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(c.hits)
	default:
		http.NotFound(w, r)
	}
}

// Count returns the views of page so far.
func (c *Counter) Count(page string) int {
	return c.hits[page]
}
