package detect

import (
	"go/token"
	"slices"
)

// A lockset is the locks certainly held at a program point, in the order
// they were acquired, each with the number of instances held (two
// accounts' (*Account).mu count as one ident held twice).
// Inv: every count is positive; no ident appears twice.
type lockset []heldLock

type heldLock struct {
	id    ident
	count int
	at    token.Pos // where it was taken (the critical section); NoPos if on several paths
}

// acquire returns s with id held once more, last in acquisition order;
// at is where.
func (s lockset) acquire(id ident, at token.Pos) lockset {
	out := make(lockset, 0, len(s)+1)
	for _, h := range s {
		if h.id == id {
			h.count++
			id = ident{} // already counted; keep its original place
		}
		out = append(out, h)
	}
	if id != (ident{}) {
		out = append(out, heldLock{id, 1, at})
	}
	return out
}

// section returns where the critical section of id that s is in began
// (NoPos if unknown or id is not held).
func (s lockset) section(id ident) token.Pos {
	for _, h := range s {
		if h.id == id {
			return h.at
		}
	}
	return token.NoPos
}

// release returns s with one instance of id released; releasing a lock
// not known to be held (one taken on only some paths) leaves s unchanged.
func (s lockset) release(id ident) lockset {
	out := make(lockset, 0, len(s))
	for _, h := range s {
		if h.id == id {
			h.count--
			if h.count == 0 {
				continue
			}
		}
		out = append(out, h)
	}
	return out
}

// meet returns the locks held in both s and t (the minimum count), in s's
// order: a lock is certainly held after a merge only if it is on every
// incoming path.
func (s lockset) meet(t lockset) lockset {
	var out lockset
	for _, h := range s {
		for _, k := range t {
			if k.id == h.id {
				at := h.at
				if k.at != at {
					at = token.NoPos
				}
				out = append(out, heldLock{h.id, min(h.count, k.count), at})
			}
		}
	}
	return out
}

func (s lockset) equal(t lockset) bool { return slices.Equal(s, t) }

func (s lockset) holds(id ident) bool {
	for _, h := range s {
		if h.id == id {
			return true
		}
	}
	return false
}

// ids returns the held idents in acquisition order.
func (s lockset) ids() []ident {
	out := make([]ident, len(s))
	for i, h := range s {
		out[i] = h.id
	}
	return out
}

// common returns a lock held in both s and t.
func (s lockset) common(t lockset) (ident, bool) {
	for _, h := range s {
		if t.holds(h.id) {
			return h.id, true
		}
	}
	return ident{}, false
}

// key is a string naming s, for caches.
func (s lockset) key() string {
	b := []byte{}
	for _, h := range s {
		b = append(b, h.id.String()...)
		b = append(b, byte('0'+h.count%64), ';')
	}
	return string(b)
}
