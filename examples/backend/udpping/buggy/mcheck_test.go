//go:build !native

package udpping

import (
	"net"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two peers ping at once; each must get its pong.
func TestTwoPeersPing(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer pc.Close()
		s := NewServer(pc)
		go s.Serve()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				c, err := net.DialUDP("udp", nil, pc.LocalAddr().(*net.UDPAddr))
				if err != nil {
					t.Error(err)
					return
				}
				defer c.Close()
				c.Write([]byte("ping"))
				buf := make([]byte, 16)
				if n, _ := c.Read(buf); string(buf[:n]) != "pong" {
					t.Errorf("got %q, want pong", buf[:n])
				}
			})
		}
		wg.Wait()
		if n := s.Peers(); n != 2 {
			t.Errorf("%d peers, want 2", n)
		}
	})
}
