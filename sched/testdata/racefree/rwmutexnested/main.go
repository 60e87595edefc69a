// Command rwmutexnested nests read locks safely: a method holding RLock
// calls helpers that assume the lock is held (no recursive RLock, which
// could deadlock behind a waiting writer), and two RWMutexes are read-
// locked in a fixed order (outer, then inner) by readers and writers alike.
package main

import "sync"

type table struct {
	mu   sync.RWMutex
	rows map[string]int
}

// lookupLocked requires t.mu to be held (read or write).
func (t *table) lookupLocked(k string) int { return t.rows[k] }

// sumLocked requires t.mu to be held (read or write).
func (t *table) sumLocked(keys ...string) int {
	s := 0
	for _, k := range keys {
		s += t.lookupLocked(k)
	}
	return s
}

func (t *table) sum(keys ...string) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.sumLocked(keys...)
}

type db struct {
	mu     sync.RWMutex // outer: locked before any table's mu
	tables map[string]*table
}

func (d *db) read(name, key string) int {
	d.mu.RLock()
	defer d.mu.RUnlock()
	t := d.tables[name]
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.lookupLocked(key)
}

func (d *db) write(name, key string, v int) {
	d.mu.RLock() // the table set does not change; the table's rows do
	defer d.mu.RUnlock()
	t := d.tables[name]
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rows[key] = v
}

func main() {
	d := &db{tables: map[string]*table{
		"a": {rows: map[string]int{"x": 1, "y": 2}},
	}}
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		d.write("a", "x", 10)
		d.write("a", "y", 20)
	}()
	for range 2 {
		go func() {
			defer wg.Done()
			x := d.read("a", "x")
			if x != 1 && x != 10 {
				panic("FAIL: bad x")
			}
			s := d.tables["a"].sum("x", "y")
			if s != 3 && s != 12 && s != 30 {
				panic("FAIL: bad sum")
			}
		}()
	}
	wg.Wait()
	if d.read("a", "x") != 10 || d.tables["a"].sum("x", "y") != 30 {
		panic("FAIL: final values")
	}
}
