package ssainterp

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestNetworkRefusals: a program that reaches outside the process (a
// dial or lookup of an address that is not loopback, a listen on one)
// or runs another process ends with an mcheck error that names what it
// tried and its own line, never a hang, a host connection or a fake
// network error.
func TestNetworkRefusals(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, body, want string }{
		{"dialip", `_, err := net.Dial("tcp", "10.1.2.3:80")
	println(err)`, "unsupported: dial tcp 10.1.2.3:80: network access outside the process is not modelled"},
		{"dialname", `_, err := net.Dial("tcp", "example.com:443")
	println(err)`, "unsupported: lookup example.com: network access outside the process is not modelled"},
		{"httpget", `_, err := http.Get("http://192.0.2.1/")
	println(err)`, "unsupported: dial tcp 192.0.2.1:80: network access outside the process is not modelled"},
		{"listen", `_, err := net.Listen("tcp", "192.0.2.1:8080")
	println(err)`, "unsupported: listen tcp 192.0.2.1:8080: network access outside the process is not modelled"},
		{"udp", `c, _ := net.ListenPacket("udp", "127.0.0.1:0")
	c.WriteTo([]byte("x"), &net.UDPAddr{IP: net.IPv4(8, 8, 8, 8), Port: 53})`, "unsupported: write to udp 8.8.8.8:53: network access outside the process is not modelled"},
		{"exec", `out, err := exec.Command("ls", "-l", "/").Output()
	println(out, err)`, `unsupported: os/exec: the program runs "ls -l /"; mcheck does not run other processes`},
		{"execctx", `exec.CommandContext(context.Background(), "sh", "-c", "true").Run()`, `unsupported: os/exec: the program runs "sh -c true"`},
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module m\n\ngo 1.26\n")
	for _, c := range cases {
		writeFile(t, filepath.Join(dir, c.name, "main.go"), fmt.Sprintf(`package main

import (
	"context"
	"net"
	"net/http"
	"os/exec"
)

var (
	_ = context.Background
	_ = net.Dial
	_ = http.Get
	_ = exec.Command
)

func main() {
	defer func() { recover() }()
	%s
}
`, c.body))
	}
	expectFaults(t, dir, cases)
}
