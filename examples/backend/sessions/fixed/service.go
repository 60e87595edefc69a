// Package sessions is a login service: POST /login?user=NAME issues a
// session token, GET /whoami with the token in the Authorization header
// answers the user's name.
package sessions

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"sync"
)

type Server struct {
	mu       sync.RWMutex
	sessions map[string]string // token -> user
}

func NewServer() *Server {
	return &Server{sessions: make(map[string]string)}
}

func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /login", s.login)
	mux.HandleFunc("GET /whoami", s.whoami)
	return mux
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	user := r.URL.Query().Get("user")
	if user == "" {
		http.Error(w, "missing user", http.StatusBadRequest)
		return
	}
	token := rand.Text()
	s.mu.Lock()
	s.sessions[token] = user
	s.mu.Unlock()
	fmt.Fprint(w, token)
}

func (s *Server) whoami(w http.ResponseWriter, r *http.Request) {
	s.mu.RLock()
	user, ok := s.sessions[r.Header.Get("Authorization")]
	s.mu.RUnlock()
	if !ok {
		http.Error(w, "unknown session", http.StatusUnauthorized)
		return
	}
	fmt.Fprint(w, user)
}

// Sessions returns the number of live sessions.
func (s *Server) Sessions() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.sessions)
}
