// Command race_struct_field_fixed reloads a server's configuration under
// the mutex that its readers take too.
//
// want: clean
package main

import (
	"sync"
	"time"
)

type Config struct {
	Addr    string
	Timeout time.Duration
	Retries int
}

type Server struct {
	mu  sync.Mutex // guards cfg
	cfg Config
}

func (s *Server) timeout() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cfg.Timeout
}

func main() {
	s := &Server{cfg: Config{Addr: ":80", Timeout: time.Second, Retries: 3}}
	done := make(chan time.Duration)
	go func() {
		done <- s.timeout() * 2 // a request's deadline
	}()
	s.mu.Lock()
	s.cfg = Config{Addr: ":8080", Timeout: 2 * time.Second, Retries: 5}
	s.mu.Unlock()
	if d := <-done; d != 2*time.Second && d != 4*time.Second {
		panic("impossible deadline")
	}
}
