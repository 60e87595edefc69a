//go:build native

package pipehandshake

import (
	"net"
	"runtime"
	"testing"
	"time"
)

// Two peers on the two ends of a net.Pipe shake hands; if the handshake
// has not finished within 2 seconds, the test fails with a goroutine dump.
func TestHandshakeNative(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	type result struct {
		peer Hello
		err  error
	}
	done := make(chan result, 1)
	go Handshake(b, Hello{Node: "b", Version: 2})
	go func() {
		peer, err := Handshake(a, Hello{Node: "a", Version: 2})
		done <- result{peer, err}
	}()
	select {
	case r := <-done:
		if r.err != nil || r.peer.Node != "b" {
			t.Errorf("Handshake = %+v, %v; want node b", r.peer, r.err)
		}
	case <-time.After(2 * time.Second):
		buf := make([]byte, 1<<20)
		t.Fatalf("deadlock: the handshake did not finish in 2s:\n%s", buf[:runtime.Stack(buf, true)])
	}
}
