package main

import "testing"

func TestNormalize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"mcheck could not run the program: x@v1/panics/panics.go:59: unsupported: runtime/debug.Stack has no Go body and is not bridged (assembly or linkname)",
			"no Go body: runtime/debug.Stack"},
		{"mcheck could not run the program: x@v1/tls.go:15: unsupported: crypto/tls.X509KeyPair is not run by mcheck: package crypto/tls is not interpreted, and this function is not one it calls natively (assembly, a linkname, or a standard package mcheck does not support)",
			"no Go body: crypto/tls.X509KeyPair"},
		{"mcheck could not run the program: x@v0.1.0/runtime.go:37 (in github.com/dolthub/maphash.getRuntimeHasher[int]: *t5): internal error: interface conversion: interface {} is *ssainterp.iface, not ssainterp.agg",
			"internal error: interface conversion: interface {} is *ssainterp.iface, not ssainterp.agg (in github.com/dolthub/maphash.getRuntimeHasher[int])"},
		{"unsupported: package a/b uses cgo (a/b/main.go)", "cgo"},
		{"cannot load packages:\n\t/x/y.go:3:2: undefined: foo", "type error: undefined: foo"},
	} {
		if got := normalize(c.in); got != c.want {
			t.Errorf("normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := messageLine("cache_test.go:12: \n\tError Trace:\tx\n\tError:\tNot equal:\n"); got != "cache_test.go:12: Not equal:" {
		t.Errorf("messageLine = %q", got)
	}
}
