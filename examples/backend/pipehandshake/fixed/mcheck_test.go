//go:build !native

package pipehandshake

import (
	"net"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// Two peers on the two ends of a net.Pipe shake hands.
func TestHandshake(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		a, b := net.Pipe()
		defer a.Close()
		defer b.Close()
		go Handshake(b, Hello{Node: "b", Version: 2})
		peer, err := Handshake(a, Hello{Node: "a", Version: 2})
		if err != nil || peer.Node != "b" {
			t.Errorf("Handshake = %+v, %v; want node b", peer, err)
		}
	})
}
