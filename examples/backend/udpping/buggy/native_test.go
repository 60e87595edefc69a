//go:build native

package udpping

import (
	"net"
	"sync"
	"testing"
	"time"
)

// Run with -race: four peers ping twenty times each, concurrently.
func TestPeersPingNative(t *testing.T) {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	s := NewServer(pc)
	go s.Serve()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			c, err := net.DialUDP("udp", nil, pc.LocalAddr().(*net.UDPAddr))
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			buf := make([]byte, 16)
			for range 20 {
				c.Write([]byte("ping"))
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				if n, err := c.Read(buf); err != nil || string(buf[:n]) != "pong" {
					t.Errorf("got %q, %v; want pong", buf[:n], err)
					return
				}
			}
		})
	}
	wg.Wait()
	if n := s.Peers(); n != 4 {
		t.Errorf("%d peers, want 4", n)
	}
}
