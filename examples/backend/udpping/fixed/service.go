// Package udpping is a UDP health-check responder: it answers "pong" to
// every "ping" datagram and keeps, per peer, how many pings it answered.
package udpping

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"time"
)

type Server struct {
	pc    net.PacketConn
	mu    sync.Mutex
	pings map[string]int // peer address -> pings answered
}

func NewServer(pc net.PacketConn) *Server {
	return &Server{pc: pc, pings: make(map[string]int)}
}

// Serve answers datagrams until the PacketConn is closed. Each datagram
// is answered on its own goroutine, so a slow peer does not hold up the
// others.
func (s *Server) Serve() error {
	buf := make([]byte, 1500)
	for {
		n, addr, err := s.pc.ReadFrom(buf)
		if err != nil {
			return err
		}
		msg := strings.TrimSpace(string(buf[:n]))
		go s.answer(msg, addr)
	}
}

func (s *Server) answer(msg string, peer net.Addr) {
	if msg != "ping" {
		s.pc.WriteTo([]byte("unknown command"), peer)
		return
	}
	s.mu.Lock()
	s.pings[peer.String()]++
	s.mu.Unlock()
	s.pc.WriteTo([]byte("pong"), peer)
}

// Peers returns how many distinct peers have pinged.
func (s *Server) Peers() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.pings)
}

// Ping sends a ping to the server at addr and waits at most timeout for
// its pong.
func Ping(addr string, timeout time.Duration) error {
	raddr, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return err
	}
	c, err := net.DialUDP("udp", nil, raddr)
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := c.Write([]byte("ping")); err != nil {
		return err
	}
	c.SetReadDeadline(time.Now().Add(timeout))
	buf := make([]byte, 16)
	n, err := c.Read(buf)
	if err != nil {
		return err
	}
	if string(buf[:n]) != "pong" {
		return fmt.Errorf("udpping: got %q, want pong", buf[:n])
	}
	return nil
}
