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
			for range 20 {
				if err := Ping(pc.LocalAddr().String(), 5*time.Second); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if n := s.Peers(); n < 4 {
		t.Errorf("%d peers, want at least 4", n)
	}
}
