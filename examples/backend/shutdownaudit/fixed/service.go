// Package shutdownaudit is an HTTP service that answers at once and
// writes an audit record of each request in the background, so that the
// audit store never slows a response down.
package shutdownaudit

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
)

type Service struct {
	srv   *http.Server
	bg    sync.WaitGroup // the background audit writes
	mu    sync.Mutex
	audit []string
}

func New() *Service {
	s := &Service{}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.handle)}
	return s
}

func (s *Service) handle(w http.ResponseWriter, r *http.Request) {
	entry := fmt.Sprintf("%s %s from %s", r.Method, r.URL.Path, r.RemoteAddr)
	s.bg.Go(func() { s.record(entry) })
	w.WriteHeader(http.StatusAccepted)
}

func (s *Service) record(entry string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.audit = append(s.audit, entry)
}

// Serve serves requests on ln until Shutdown.
func (s *Service) Serve(ln net.Listener) error { return s.srv.Serve(ln) }

// Shutdown stops the server gracefully: it waits for in-flight requests
// and then for their background audit writes.
func (s *Service) Shutdown(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	s.bg.Wait()
	return err
}

// AuditLog returns the audit records. It is called after Shutdown, when
// no request can run any more, so it takes no lock.
func (s *Service) AuditLog() []string {
	return s.audit
}
