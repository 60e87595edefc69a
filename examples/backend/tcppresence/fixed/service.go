// Package tcppresence is the presence server of a chat service: a client
// connects over TCP, says "HELLO <name>", and is online until it hangs up.
package tcppresence

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"sync"
)

type Server struct {
	mu     sync.Mutex
	online map[net.Conn]string // connection -> user name
}

func NewServer() *Server {
	return &Server{online: make(map[net.Conn]string)}
}

// Serve accepts clients on ln until ln is closed.
func (s *Server) Serve(ln net.Listener) error {
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		go s.handle(c)
	}
}

func (s *Server) handle(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	name, ok := strings.CutPrefix(strings.TrimSpace(line), "HELLO ")
	if err != nil || !ok {
		fmt.Fprintln(c, "ERR expected HELLO <name>")
		return
	}
	s.mu.Lock()
	s.online[c] = name
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.online, c)
		s.mu.Unlock()
	}()
	fmt.Fprintln(c, "WELCOME", name)
	for {
		if _, err := r.ReadString('\n'); err != nil { // until the client hangs up
			return
		}
	}
}

// Online returns the number of users online.
func (s *Server) Online() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.online)
}
