// Package p4 holds instances of P4 (unsynchronised use of a shared map,
// slice or container) and code that must not be reported.
package p4

import (
	"container/list"
	"sync"
)

// DB reads its map without the lock that guards its writers (both methods
// of DB: t1 = t2, weight 0.25).
type DB struct {
	mu  sync.Mutex
	exp map[string]int
}

func (db *DB) Add(ip string, t int) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.exp[ip] = t
}

func (db *DB) Remove(ip string) {
	db.mu.Lock()
	defer db.mu.Unlock()
	delete(db.exp, ip)
}

func (db *DB) Expiration(ip string) int {
	return db.exp[ip] // want `P4: \(\*DB\)\.exp \(map elements\) read without a lock in \(\*DB\)\.Expiration; written under \(\*DB\)\.mu in \(\*DB\)\.Add \(weight 0\.25\); written under \(\*DB\)\.mu in \(\*DB\)\.Remove \(weight 0\.25\)`
}

// Queue pushes onto its list without the lock; Len reads it under the lock.
type Queue struct {
	mu sync.Mutex
	l  *list.List
}

func (q *Queue) Push(x int) {
	q.l.PushBack(x) // want `P4: \(\*Queue\)\.l \(list elements\) written without a lock in \(\*Queue\)\.Push; written without a lock in \(\*Queue\)\.Push \(weight 0\.25\); read under \(\*Queue\)\.mu in \(\*Queue\)\.Len \(weight 0\.25\)`
}

func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.l.Len()
}

// registry is shared by the methods of two types (t1 ≠ t2, weight 0.9).
var registry = map[string]int{}

// Writer never locks, so Register against itself is not reported (no
// lock on either side of a type that takes none).
type Writer struct{}

type Reader struct{ mu sync.Mutex }

func (w *Writer) Register(name string) {
	registry[name]++ // want `P4: p4\.registry \(map elements\) written without a lock in \(\*Writer\)\.Register; read under \(\*Reader\)\.mu in \(\*Reader\)\.Lookup \(weight 0\.9\)`
}

func (r *Reader) Lookup(name string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return registry[name]
}

// Leases keeps its slice under its lock everywhere: nothing to report.
type Leases struct {
	mu       sync.Mutex
	assigned []string
}

func (l *Leases) Add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.assigned = append(l.assigned, s)
}

func (l *Leases) All() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.assigned...)
}

// Local keeps a map that no method locks: a type not meant for concurrent
// use is not reported.
type Local struct{ m map[int]int }

func (l *Local) Put(k, v int)  { l.m[k] = v }
func (l *Local) Get(k int) int { return l.m[k] }

// Table is read-only after construction: reads without locks are fine.
type Table struct {
	mu    sync.Mutex
	names map[int]string
	hits  int
}

func NewTable() *Table { return &Table{names: map[int]string{1: "one"}} }

func (t *Table) Name(i int) string { return t.names[i] }

func (t *Table) Hit() {
	t.mu.Lock()
	t.hits++
	t.mu.Unlock()
}
