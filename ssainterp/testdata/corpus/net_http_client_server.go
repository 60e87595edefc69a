// Package main runs an HTTP server and client in one program:
// httptest.NewServer with a real http.Client (keep-alive, a POST with a
// JSON body, headers, a 404), httptest.NewRecorder, and an http.Server
// on a loopback listener stopped by Shutdown.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

type item struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type store struct {
	mu    sync.Mutex
	items map[string]int
}

func (s *store) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/items":
		var it item
		if err := json.NewDecoder(r.Body).Decode(&it); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.items[it.Name] += it.Count
		n := s.items[it.Name]
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(item{it.Name, n})
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/items/"):
		s.mu.Lock()
		n, ok := s.items[strings.TrimPrefix(r.URL.Path, "/items/")]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "%d\n", n)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "no such route", http.StatusMethodNotAllowed)
	}
}

func show(res *http.Response, err error) {
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	fmt.Printf("%s %s %q\n", res.Status, res.Header.Get("Content-Type"), b)
}

func main() {
	s := &store{items: map[string]int{}}
	srv := httptest.NewServer(s)
	c := srv.Client()
	show(c.Post(srv.URL+"/items", "application/json", strings.NewReader(`{"name":"apple","count":2}`)))
	show(c.Post(srv.URL+"/items", "application/json", strings.NewReader(`{"name":"apple","count":3}`)))
	show(c.Post(srv.URL+"/items", "application/json", strings.NewReader(`{"name":`)))
	show(c.Get(srv.URL + "/items/apple"))
	show(c.Get(srv.URL + "/items/pear"))
	req, _ := http.NewRequest(http.MethodDelete, srv.URL+"/items/apple", nil)
	show(c.Do(req))
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Post(srv.URL+"/items", "application/json", strings.NewReader(`{"name":"kiwi","count":1}`))
			if err == nil {
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}()
	}
	wg.Wait()
	show(c.Get(srv.URL + "/items/kiwi"))
	srv.Close()

	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/items/apple", nil))
	fmt.Printf("recorder: %d %q\n", rec.Code, rec.Body.String())

	// A server of our own, stopped by Shutdown.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "from the server")
	})}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	show(http.Get("http://" + ln.Addr().String() + "/"))
	fmt.Println("shutdown:", hs.Shutdown(context.Background()))
	fmt.Println("serve returned ErrServerClosed:", errors.Is(<-done, http.ErrServerClosed))
	http.DefaultClient.CloseIdleConnections()
}
