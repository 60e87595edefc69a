//go:build native

package tcpsessions

import (
	"bufio"
	"fmt"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A client stays connected while the server is closed; after Close and a
// short wait, no handler goroutine may be left (checked on a goroutine
// dump).
func TestCloseEndsSessionsNative(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := NewServer(ln)
	go s.Serve()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintln(c, "SET color blue")
	if line, _ := bufio.NewReader(c).ReadString('\n'); line != "OK\n" {
		t.Errorf("SET answered %q", line)
	}
	s.Close()
	time.Sleep(100 * time.Millisecond)
	buf := make([]byte, 1<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	if strings.Contains(dump, "(*Server).handle") {
		t.Errorf("goroutine leak: a session handler outlived Close:\n%s", dump)
	}
}
