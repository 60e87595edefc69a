// Package main puts net/http/httputil's ReverseProxy in front of an
// httptest backend (a Director and a ModifyResponse, and a Rewrite with
// SetURL and SetXForwarded), proxies to a backend that refuses the
// connection (502 from the default ErrorHandler), and dumps a request and
// a response.
package main

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
)

func get(c *http.Client, u string) {
	res, err := c.Get(u)
	if err != nil {
		fmt.Println("get:", err)
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	fmt.Printf("%d X-Modified=%q %s", res.StatusCode, res.Header.Get("X-Modified"), body)
}

func main() {
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "backend: %s %s?%s forwarded=%v proxy=%q\n", r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Get("X-Forwarded-For") != "", r.Header.Get("X-Proxy"))
	}))
	defer backend.Close()
	target, err := url.Parse(backend.URL + "/base")
	if err != nil {
		panic(err)
	}

	proxy := httputil.NewSingleHostReverseProxy(target)
	direct := proxy.Director
	proxy.Director = func(r *http.Request) {
		direct(r)
		r.Header.Set("X-Proxy", "director")
	}
	proxy.ModifyResponse = func(res *http.Response) error {
		res.Header.Set("X-Modified", "yes")
		return nil
	}
	front := httptest.NewServer(proxy)
	defer front.Close()
	get(front.Client(), front.URL+"/a/b?q=1")
	get(front.Client(), front.URL+"/c")

	rewrite := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(target)
		pr.SetXForwarded()
		pr.Out.Header.Set("X-Proxy", "rewrite")
	}}
	front2 := httptest.NewServer(rewrite)
	defer front2.Close()
	get(front2.Client(), front2.URL+"/d?x=y")

	dead := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: "http", Host: "127.0.0.1:1"})
	dead.ErrorLog = log.New(io.Discard, "", 0)
	rec := httptest.NewRecorder()
	dead.ServeHTTP(rec, httptest.NewRequest("GET", "/x", nil))
	fmt.Println("refused backend:", rec.Code)

	req := httptest.NewRequest("POST", "http://example.com/dump", strings.NewReader("payload"))
	req.Header.Set("X-One", "1")
	b, err := httputil.DumpRequest(req, true)
	fmt.Printf("%q %v\n", b, err)
	res, err := http.ReadResponse(bufio.NewReader(strings.NewReader("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-Two: 2\r\n\r\nhello")), nil)
	if err != nil {
		panic(err)
	}
	b, err = httputil.DumpResponse(res, true)
	fmt.Printf("%q %v\n", b, err)
}
