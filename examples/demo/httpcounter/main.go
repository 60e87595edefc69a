// Command httpcounter serves a hit counter over HTTP (httptest.NewServer
// on mcheck's in-memory network under the interpreter) and makes two
// requests at once; the handler updates its map without a lock.
package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
)

type counter struct{ hits map[string]int }

func (c *counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.hits[r.URL.Path]++ // BUG: handlers run concurrently; the map needs a lock
	fmt.Fprintf(w, "%s: %d\n", r.URL.Path, c.hits[r.URL.Path])
}

func main() {
	srv := httptest.NewServer(&counter{hits: map[string]int{}})
	defer srv.Close()
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			res, err := srv.Client().Get(srv.URL + "/home")
			if err != nil {
				fmt.Println(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		})
	}
	wg.Wait()
	fmt.Println("served two requests")
}
