// Command race_struct_field reloads a server's configuration by storing
// a whole new Config over the old one while a worker reads one of its
// fields. The store writes every byte of the struct, so Go's race
// detector reports it against the read of cfg.Timeout.
//
// want: data race [races with]
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
	mu  sync.Mutex // guards nothing but the reload count
	cfg Config
}

func main() {
	s := &Server{cfg: Config{Addr: ":80", Timeout: time.Second, Retries: 3}}
	done := make(chan time.Duration)
	go func() {
		done <- s.cfg.Timeout * 2 // a request's deadline
	}()
	// reload: the new configuration replaces the old one
	s.mu.Lock()
	s.cfg = Config{Addr: ":8080", Timeout: 2 * time.Second, Retries: 5}
	s.mu.Unlock()
	if d := <-done; d != 2*time.Second && d != 4*time.Second {
		panic("impossible deadline")
	}
}
