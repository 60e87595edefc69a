// Command httprt makes 50 HTTP round trips to an httptest.NewServer with
// the server's client (keep-alive: one connection), over the in-memory
// network under the interpreter and the kernel's loopback natively
// (benchmark workload, reported apart from the five).
package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
)

func run() int {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello "+r.URL.Path)
	}))
	defer srv.Close()
	c := srv.Client()
	n := 0
	for i := 0; i < 50; i++ {
		res, err := c.Get(srv.URL + "/x")
		if err != nil {
			panic(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		n += len(b) + res.StatusCode
	}
	return n
}

func main() { fmt.Println(run()) }
