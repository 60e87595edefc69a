// Package arylist is the AryList race of Rungta and Mercer, "A Meta
// Heuristic for Effectively Detecting Concurrency Errors", HVC 2008 (Sect.
// 3.1: "Race-condition in the ArrayList class using the synchronized List
// implementation"), in Go: an array list (a backing array and a size, as
// java.util.ArrayList) whose every method takes its lock, and an AddAll
// that appends another list by asking its size and then each element, each
// call under that list's lock but not the sequence. A Remove on the other
// list between the size and the last Get makes a Get index past the end: a
// check-then-act atomicity violation with no data race.
//
// AddAllLocked is the fixed twin: it holds both locks (in id order) for
// the whole copy.
package arylist

import (
	"fmt"
	"sync"
)

// ArrayList is an array list of ints; every method is safe for
// concurrent use.
type ArrayList struct {
	mu   sync.Mutex
	id   int   // orders the locks of AddAllLocked
	data []int // Inv: len(data) >= size
	size int
}

// New returns an empty list; id must differ between lists.
func New(id int) *ArrayList { return &ArrayList{id: id} }

// Add appends v, growing the backing array when it is full.
func (l *ArrayList) Add(v int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.add(v)
}

func (l *ArrayList) add(v int) {
	if l.size == len(l.data) {
		l.data = append(l.data, make([]int, l.size+1)...)
	}
	l.data[l.size] = v
	l.size++
}

// Remove removes the last item, if any.
func (l *ArrayList) Remove() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.size > 0 {
		l.size--
	}
}

// Size returns the number of items.
func (l *ArrayList) Size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.size
}

// Get returns item i; it panics if there is none (Java's
// IndexOutOfBoundsException).
func (l *ArrayList) Get(i int) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if i >= l.size {
		panic(fmt.Sprintf("arylist: index out of range [%d] with size %d", i, l.size))
	}
	return l.data[i]
}

// AddAll appends o's items to l: o's size, then each item, each under
// o's lock only for that call.
func (l *ArrayList) AddAll(o *ArrayList) {
	n := o.Size()
	buf := make([]int, n)
	for i := range n {
		buf[i] = o.Get(i)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, v := range buf {
		l.add(v)
	}
}

// AddAllLocked appends o's items to l holding both locks, taken in id
// order so that two of them cannot deadlock.
func (l *ArrayList) AddAllLocked(o *ArrayList) {
	defer lockBoth(l, o)()
	for _, v := range o.data[:o.size] {
		l.add(v)
	}
}

// lockBoth locks a and b, the lower id first, and returns what unlocks
// them.
func lockBoth(a, b *ArrayList) (unlock func()) {
	if b.id < a.id {
		a, b = b, a
	}
	a.mu.Lock()
	if a == b {
		return a.mu.Unlock
	}
	b.mu.Lock()
	return func() { b.mu.Unlock(); a.mu.Unlock() }
}

// Run makes a list of three items, starts one goroutine that appends it
// to another list (addAll: AddAll or AddAllLocked) and n that each
// remove an item from it and add one, and returns the other list's size.
func Run(n int, addAll func(l, o *ArrayList)) int {
	l1, l2 := New(1), New(2)
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
