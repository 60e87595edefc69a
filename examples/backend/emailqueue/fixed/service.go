// Package emailqueue is a signup service: POST /signup answers at once
// and queues the welcome e-mail for a background sender.
package emailqueue

import (
	"context"
	"net"
	"net/http"
	"sync"
)

type Service struct {
	srv        *http.Server
	queue      chan string
	senderDone chan struct{}
	mu         sync.Mutex
	sent       []string
}

// New returns the service with its sender goroutine running.
func New() *Service {
	s := &Service{queue: make(chan string, 16), senderDone: make(chan struct{})}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.signup)}
	go s.sender()
	return s
}

func (s *Service) signup(w http.ResponseWriter, r *http.Request) {
	addr := r.URL.Query().Get("email")
	if addr == "" {
		http.Error(w, "missing email", http.StatusBadRequest)
		return
	}
	s.queue <- addr
	w.WriteHeader(http.StatusAccepted)
}

// sender delivers the queued e-mails (here: records them as sent).
func (s *Service) sender() {
	defer close(s.senderDone)
	for addr := range s.queue {
		s.mu.Lock()
		s.sent = append(s.sent, "welcome "+addr)
		s.mu.Unlock()
	}
}

func (s *Service) Serve(ln net.Listener) error { return s.srv.Serve(ln) }

// Shutdown stops taking signups, waits for the requests in flight, then
// lets the sender drain the queue and stop.
func (s *Service) Shutdown(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	close(s.queue)
	<-s.senderDone
	return err
}
