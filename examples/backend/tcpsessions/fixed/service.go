// Package tcpsessions is a line-based TCP key-value server: each line
// "SET k v" or "GET k" gets one line of answer.
package tcpsessions

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"sync"
)

type Server struct {
	ln       net.Listener
	mu       sync.Mutex
	data     map[string]string
	conns    map[net.Conn]bool
	closed   bool
	handlers sync.WaitGroup
}

func NewServer(ln net.Listener) *Server {
	return &Server{ln: ln, data: make(map[string]string), conns: make(map[net.Conn]bool)}
}

// Serve accepts connections until Close.
func (s *Server) Serve() error {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return err
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return net.ErrClosed
		}
		s.conns[c] = true
		s.mu.Unlock()
		s.handlers.Go(func() { s.handle(c) })
	}
}

func (s *Server) handle(c net.Conn) {
	defer func() {
		c.Close()
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
	}()
	sc := bufio.NewScanner(c)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		s.mu.Lock()
		switch {
		case len(f) == 3 && f[0] == "SET":
			s.data[f[1]] = f[2]
			fmt.Fprintln(c, "OK")
		case len(f) == 2 && f[0] == "GET":
			fmt.Fprintln(c, s.data[f[1]])
		default:
			fmt.Fprintln(c, "ERR")
		}
		s.mu.Unlock()
	}
}

// Close stops the server: it stops accepting and ends every session.
func (s *Server) Close() error {
	err := s.ln.Close()
	s.mu.Lock()
	s.closed = true
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.handlers.Wait()
	return err
}
