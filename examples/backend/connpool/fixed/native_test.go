//go:build native

package connpool

import (
	"io"
	"net"
	"testing"
)

// dialEcho connects to an in-memory echo backend.
func dialEcho() (net.Conn, error) {
	c, s := net.Pipe()
	go io.Copy(s, s)
	return c, nil
}

// 200 times: the pool is closed (service shutdown) while a request still
// uses one of its connections. A Put after Close must not panic.
func TestCloseDuringRequestNative(t *testing.T) {
	for range 200 {
		p := New(dialEcho, 2)
		c, _ := p.Get()
		done := make(chan struct{})
		go func() {
			defer close(done)
			buf := []byte("ping")
			c.Write(buf)
			io.ReadFull(c, buf)
			p.Put(c)
		}()
		p.Close()
		<-done
	}
}
