//go:build !native

package udpping

import (
	"net"
	"sync"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck"
)

// Two peers ping at once; each must get its pong.
func TestTwoPeersPing(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		pc, _ := net.ListenPacket("udp", "127.0.0.1:0")
		defer pc.Close()
		s := NewServer(pc)
		go s.Serve()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if err := Ping(pc.LocalAddr().String(), time.Second); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	})
}
