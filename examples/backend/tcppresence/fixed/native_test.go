//go:build native

package tcppresence

import (
	"bufio"
	"fmt"
	"net"
	"sync"
	"testing"
)

// Run with -race: eight users come online at once, five times each.
func TestUsersOnlineNative(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	s := NewServer()
	go s.Serve(ln)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 5 {
				c, err := net.Dial("tcp", ln.Addr().String())
				if err != nil {
					t.Error(err)
					return
				}
				fmt.Fprintln(c, "HELLO user", i)
				if line, _ := bufio.NewReader(c).ReadString('\n'); line == "" {
					t.Error("no WELCOME")
				}
				c.Close()
			}
		})
	}
	wg.Wait()
}
