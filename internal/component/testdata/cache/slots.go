package cache

import "sync"

// Slots is a pool of two slots. Take(n) takes n free slots and Give(n)
// gives n taken ones back; each panics on a negative n or on more slots
// than it can take or give, whatever was called before. Never panics on
// every argument.
type Slots struct {
	mu    sync.Mutex
	taken int
}

// NewSlots returns two free slots.
func NewSlots() *Slots { return &Slots{} }

// Take takes n free slots.
func (s *Slots) Take(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n < 0 || n > 2-s.taken {
		panic("slots: cannot take")
	}
	s.taken += n
}

// Give gives n taken slots back.
func (s *Slots) Give(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n < 0 || n > s.taken {
		panic("slots: cannot give")
	}
	s.taken -= n
}

// Never panics whatever its argument.
func (s *Slots) Never(n int) { panic("slots: never") }
