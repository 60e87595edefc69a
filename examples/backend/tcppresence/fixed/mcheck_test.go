//go:build !native

package tcppresence

import (
	"bufio"
	"fmt"
	"net"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two users come online at once.
func TestTwoUsersOnline(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		ln, _ := net.Listen("tcp", "127.0.0.1:0")
		defer ln.Close()
		s := NewServer()
		go s.Serve(ln)
		var wg sync.WaitGroup
		for _, name := range []string{"ann", "bob"} {
			wg.Go(func() {
				c, _ := net.Dial("tcp", ln.Addr().String())
				defer c.Close()
				fmt.Fprintln(c, "HELLO", name)
				bufio.NewReader(c).ReadString('\n') // WELCOME
			})
		}
		wg.Wait()
	})
}
