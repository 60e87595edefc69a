//go:build !native

package tcpsessions

import (
	"bufio"
	"fmt"
	"net"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// A client stays connected while the server is closed: Close must end
// its session (no handler goroutine may outlive the server).
func TestCloseEndsSessions(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
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
		fmt.Fprintln(c, "SET color blue")
		if line, _ := bufio.NewReader(c).ReadString('\n'); line != "OK\n" {
			t.Errorf("SET answered %q", line)
		}
		s.Close()
	})
}
