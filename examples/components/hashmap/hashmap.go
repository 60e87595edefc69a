// Package hashmap models ConcurrentHashMap from GNU Classpath 0.98
// (java.util.concurrent), one of the three components checked in
// Parizek and Kalibera, "Efficient Detection of Errors in Java
// Components Using Random Environment and Restarts", TACAS 2010
// (Section 2), into which the authors "manually injected a race
// condition".
//
// Like the Java class, the map is split into a fixed number of segments,
// each a small chained hash table guarded by its own mutex and keeping
// its entry count in a count field that every operation on the segment
// reads (Get and ContainsKey take the count != 0 fast path first) and that
// Size, IsEmpty and Clear read or write for all segments.
//
// The bug is in Put (hashmap.go, method Put): the buggy map releases the
// segment lock before it increments the segment's count for a new key, so
// the increment is an unsynchronised write that races with every other
// access to that count — another Put, Get, Remove, ContainsKey, Size,
// IsEmpty or Clear on the other goroutine. NewFixed increments the count
// while still holding the segment lock.
package hashmap

import "sync"

// nSegments is the number of segments (Java's default is 16; two keep the
// state space small and make keys share segments often).
const nSegments = 2

type entry struct {
	key, value int
}

type segment struct {
	mu    sync.Mutex
	count int       // number of entries, guarded by mu
	table [][]entry // buckets, guarded by mu; len is a power of two
}

// Map is a segmented concurrent hash map from int to int.
type Map struct {
	fixed    bool
	segments [nSegments]segment
}

// New returns an empty map with the injected race in Put.
func New() *Map { return newMap(false) }

// NewFixed returns an empty map without the race.
func NewFixed() *Map { return newMap(true) }

func newMap(fixed bool) *Map {
	m := &Map{fixed: fixed}
	for i := range m.segments {
		m.segments[i].table = make([][]entry, 2)
	}
	return m
}

// hash spreads the bits of key (a 64-bit finaliser); any int is fine.
func hash(key int) uint64 {
	h := uint64(key)
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}

func (m *Map) segmentFor(h uint64) *segment { return &m.segments[h>>63] }

// Put maps key to value and returns the previous value, if there was one.
func (m *Map) Put(key, value int) (int, bool) {
	h := hash(key)
	s := m.segmentFor(h)
	s.mu.Lock()
	b := &s.table[h&uint64(len(s.table)-1)]
	for i := range *b {
		if (*b)[i].key == key {
			old := (*b)[i].value
			(*b)[i].value = value
			s.mu.Unlock()
			return old, true
		}
	}
	*b = append(*b, entry{key, value})
	if s.count+1 > len(s.table)*3/4 {
		s.rehash()
	}
	if m.fixed {
		s.count++
		s.mu.Unlock()
	} else {
		// injected bug: the count of the new entry is published after the
		// segment lock is released, an unsynchronised write.
		s.mu.Unlock()
		s.count++
	}
	return 0, false
}

// rehash doubles the table of s; s.mu is held. Tables grow with the
// number of keys put, never with the values of keys.
func (s *segment) rehash() {
	t := make([][]entry, 2*len(s.table))
	for _, b := range s.table {
		for _, e := range b {
			i := hash(e.key) & uint64(len(t)-1)
			t[i] = append(t[i], e)
		}
	}
	s.table = t
}

// find returns the bucket of key and the index of key in it, or -1; s.mu is held.
func (s *segment) find(key int, h uint64) (*[]entry, int) {
	b := &s.table[h&uint64(len(s.table)-1)]
	for i, e := range *b {
		if e.key == key {
			return b, i
		}
	}
	return b, -1
}

// Get returns the value of key.
func (m *Map) Get(key int) (int, bool) {
	h := hash(key)
	s := m.segmentFor(h)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.count == 0 {
		return 0, false
	}
	b, i := s.find(key, h)
	if i < 0 {
		return 0, false
	}
	return (*b)[i].value, true
}

// ContainsKey reports whether key is mapped.
func (m *Map) ContainsKey(key int) bool {
	_, ok := m.Get(key)
	return ok
}

// Remove removes key and returns its value, if it was mapped.
func (m *Map) Remove(key int) (int, bool) {
	h := hash(key)
	s := m.segmentFor(h)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.count == 0 {
		return 0, false
	}
	b, i := s.find(key, h)
	if i < 0 {
		return 0, false
	}
	old := (*b)[i].value
	last := len(*b) - 1
	(*b)[i] = (*b)[last]
	*b = (*b)[:last]
	s.count--
	return old, true
}

// Size returns the number of entries. It holds every segment lock (taken
// in index order, the only place two are held) for a consistent sum.
func (m *Map) Size() int {
	for i := range m.segments {
		m.segments[i].mu.Lock()
	}
	n := 0
	for i := range m.segments {
		n += m.segments[i].count
	}
	for i := range m.segments {
		m.segments[i].mu.Unlock()
	}
	return n
}

// IsEmpty reports whether the map has no entries.
func (m *Map) IsEmpty() bool {
	for i := range m.segments {
		s := &m.segments[i]
		s.mu.Lock()
		n := s.count
		s.mu.Unlock()
		if n != 0 {
			return false
		}
	}
	return true
}

// Clear removes every entry, one segment at a time.
func (m *Map) Clear() {
	for i := range m.segments {
		s := &m.segments[i]
		s.mu.Lock()
		for j := range s.table {
			s.table[j] = nil
		}
		s.count = 0
		s.mu.Unlock()
	}
}
