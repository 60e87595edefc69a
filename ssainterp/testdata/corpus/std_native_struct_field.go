// Fields of a bridged package's struct (net/url.URL) held by value
// inside an interpreted struct or a local, read and written through
// field addresses, as grpc's resolver.Target{URL url.URL} is used.
package main

import (
	"fmt"
	"net/url"
)

type Target struct {
	URL url.URL
	n   int
}

func parse(s string) (Target, error) {
	u, err := url.Parse(s)
	if err != nil {
		return Target{}, err
	}
	return Target{URL: *u}, nil
}

func main() {
	t, err := parse("passthrough:///bufnet")
	fmt.Println(t.URL.Scheme, t.URL.Path, err)
	t.URL.Host = "h"
	p := &t.URL
	p.Scheme = "dns"
	fmt.Println(t.URL.String(), t.n)
	c := t // a copy has its own URL
	c.URL.Path = "/other"
	fmt.Println(t.URL.Path, c.URL.Path)
	var u url.URL
	u.Scheme, u.Opaque = "mailto", "x@y"
	fmt.Println(u.String())
}
