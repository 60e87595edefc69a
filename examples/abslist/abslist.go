// Package abslist is the AbsList race (Fig. 1) of Rungta and Mercer, "A
// Meta Heuristic for Effectively Detecting Concurrency Errors", HVC 2008,
// in Go: a synchronised list whose Equal locks the receiver but iterates
// over the other list without its lock, while another goroutine appends
// to that list. The comparison can see a list in the middle of an append.
//
// EqualLocked is the fixed twin: it locks both lists, in a fixed order.
package abslist

import "sync"

// List is a list of ints safe for concurrent Add.
type List struct {
	mu    sync.Mutex
	id    int // orders the locks of EqualLocked
	items []int
}

// NewList returns an empty list; id must differ between lists.
func NewList(id int) *List { return &List{id: id} }

// Add appends v.
func (l *List) Add(v int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append(l.items, v)
}

// Equal reports whether l and o hold the same items, locking only l.
func (l *List) Equal(o *List) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return sameItems(l, o)
}

// EqualLocked reports whether l and o hold the same items, holding both
// locks (taken in id order, so two comparisons cannot deadlock).
func (l *List) EqualLocked(o *List) bool {
	first, second := l, o
	if o.id < l.id {
		first, second = o, l
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	if first != second {
		second.mu.Lock()
		defer second.mu.Unlock()
	}
	return sameItems(l, o)
}

// sameItems compares the items; the caller holds what locks it holds.
func sameItems(l, o *List) bool {
	if len(l.items) != len(o.items) {
		return false
	}
	for i, v := range l.items {
		if o.items[i] != v {
			return false
		}
	}
	return true
}
