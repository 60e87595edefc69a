// Package arylist is the AryList race of the seeds (guided-test-meta-
// heuristic.txt, Sect. 3.1: "Race-condition in the ArrayList class using
// the synchronized List implementation"), in Go: a list whose every
// method takes its lock, and an AddAll that appends another list by
// asking its size and then each element, each call under that list's
// lock but not the sequence. A Remove on the other list between the size
// and the last Get makes a Get index past the end: a check-then-act
// atomicity violation with no data race.
//
// AddAllLocked is the fixed twin: it holds both locks (in id order) for
// the whole copy.
package arylist

import "sync"

// List is a list of ints; every method is safe for concurrent use.
type List struct {
	mu    sync.Mutex
	id    int // orders the locks of AddAllLocked
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

// Remove removes the last item, if any.
func (l *List) Remove() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.items); n > 0 {
		l.items = l.items[:n-1]
	}
}

// Size returns the number of items.
func (l *List) Size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.items)
}

// Get returns item i; it panics if there is none.
func (l *List) Get(i int) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.items[i]
}

// AddAll appends o's items to l: o's size, then each item, each under
// o's lock only for that call.
func (l *List) AddAll(o *List) {
	n := o.Size()
	buf := make([]int, n)
	for i := range n {
		buf[i] = o.Get(i)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items = append(l.items, buf...)
}

// AddAllLocked appends o's items to l holding both locks, taken in id
// order so that two of them cannot deadlock.
func (l *List) AddAllLocked(o *List) {
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
	l.items = append(l.items, o.items...)
}

// Run makes a list of three items, starts one goroutine that appends it
// to another list (addAll: AddAll or AddAllLocked) and n that each add
// an item to it and remove one, and returns the other list's length.
func Run(n int, addAll func(l, o *List)) int {
	l1, l2 := NewList(1), NewList(2)
	for i := range 3 {
		l2.Add(i)
	}
	var wg sync.WaitGroup
	wg.Add(1 + n)
	go func() { defer wg.Done(); addAll(l1, l2) }()
	for i := range n {
		go func() {
			defer wg.Done()
			l2.Remove()
			l2.Add(10 + i)
		}()
	}
	wg.Wait()
	return l1.Size()
}
