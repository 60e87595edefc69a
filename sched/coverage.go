package sched

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"sync"
	"unsafe"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Interleaving coverage: how much of the space of orderings the
// executions of a search covered, counted as distinct ordered pairs of
// conflicting visible operations by source position, the measure of
// CHESS's and Lincheck's coverage reports (Musuvathi, Qadeer, Ball,
// Basler, Nainar and Neamtiu, "Finding and Reproducing Heisenbugs in
// Concurrent Programs", OSDI 2008; Lincheck,
// https://github.com/JetBrains/lincheck). A Pair (A, B) is covered when
// an execution performed B right after A on the same object, by another
// goroutine, and the two conflict: a write (or any channel, sync,
// atomic or timer operation, which all count as writes, as Dependent
// has it) after any access, or a load after a write. "Right after"
// means the last access to the object before B, for a write, and the
// last write before it, for a load: a mutex's unlock by one goroutine
// and the lock by another that followed it, a store and the load of
// another goroutine that read it.
//
// Inv: the pairs of an execution are those of its steps, in the order
// they ran; a goroutine's blocked operation that another completed (a
// receive a send filled) is not a step and forms no pair of its own,
// and the clock's firing of a timer, which touches everything, forms
// none.
//
// A search's pairs grow fast at first and then level off: once none has
// appeared for a stretch, more executions of the same strategy seldom
// cover new orderings. With Options.Saturate an exploration stops there
// (saturated): when no new pair appeared in its last
// SaturationExecutions executions and in the last half of its
// executions, so that it runs at least twice as long as it took to
// find its last new pair.

// SaturationExecutions is the shortest stretch without a new pair after
// which an exploration with Options.Saturate stops.
const SaturationExecutions = 1000

// Pair is an ordered pair of conflicting visible operations, by
// position: Before ran, then After (see Coverage). A load and a store
// at one position (n++) are told apart: Loads says which of the two
// are loads of memory (LoadBefore, LoadAfter).
type Pair struct {
	Before, After token.Pos
	Loads         uint8
}

// The bits of Pair.Loads.
const (
	LoadBefore = 1 << iota
	LoadAfter
)

// Coverage collects the pairs covered by the executions of one or more
// explorations (Options.Coverage), and, for mcheck.Component, the pairs
// of methods its environments ran on different goroutines. Its methods
// may be called from several goroutines.
type Coverage struct {
	mu      sync.Mutex
	first   map[Pair]int       // each pair covered → the first execution that covered it (numbered over every exploration)
	methods map[[2]string]bool // the method pairs (AddMethods)
	runs    int                // executions counted, over the explorations that ended
	last    int                // the execution in which the last new pair appeared
}

// NewCoverage returns an empty Coverage.
func NewCoverage() *Coverage {
	return &Coverage{first: map[Pair]int{}, methods: map[[2]string]bool{}}
}

// Counts returns how many ordering pairs were covered, how many pairs
// of methods ran on different goroutines (AddMethods), and the
// executions counted since the last new pair (or method pair) appeared.
func (c *Coverage) Counts() (pairs, methodPairs, stale int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.first), len(c.methods), max(0, c.runs-c.last)
}

// AddMethods records that an environment ran methods a and b on
// different goroutines (in either order: the pair is unordered); it
// counts as a new pair if it is one.
func (c *Coverage) AddMethods(a, b string) {
	if b < a {
		a, b = b, a
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if k := [2]string{a, b}; !c.methods[k] {
		c.methods[k] = true
		c.last = max(c.last, c.runs)
	}
}

// List returns the pairs covered as "file:line → file:line", sorted, for
// tests and for a reader who wants to see them.
func (c *Coverage) List(fset *token.FileSet) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	short := func(p token.Pos, load bool) string {
		ps := fset.Position(p)
		s := fmt.Sprintf("%s:%d", filepath.Base(ps.Filename), ps.Line)
		if load {
			s += " (load)"
		}
		return s
	}
	var out []string
	for p := range c.first {
		out = append(out, short(p.Before, p.Loads&LoadBefore != 0)+" → "+short(p.After, p.Loads&LoadAfter != 0))
	}
	slices.Sort(out)
	return out
}

// begin returns the number of the first execution of an exploration.
func (c *Coverage) begin() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs
}

// add records the pairs an execution covered (only those new to its
// worker's tracker: a worker sees its executions in order, so the
// first execution of each pair is the least of the workers'), numbered
// n.
func (c *Coverage) add(n int, pairs []Pair) {
	if len(pairs) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range pairs {
		if f, ok := c.first[p]; !ok {
			c.first[p] = n
			c.last = max(c.last, n)
		} else if n < f {
			c.first[p] = n
		}
	}
}

// end counts the n executions of an exploration that has ended.
func (c *Coverage) end(n int) {
	c.mu.Lock()
	c.runs += n
	c.mu.Unlock()
}

// Saturated reports whether the explorations that ended have seen no
// new pair (or method pair) in their last SaturationExecutions
// executions and in the last half of them: the rule of
// Options.Saturate over every exploration that shared c (the attempts
// of a component check).
func (c *Coverage) Saturated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	stale := c.runs - c.last
	return stale >= SaturationExecutions && 2*stale >= c.runs
}

// saturated reports whether an exploration whose executions are
// numbered from base, next of them run so far, has seen no new pair in
// its last SaturationExecutions executions and in the last half of
// them.
func (c *Coverage) saturated(base, next int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	stale := base + next - max(c.last+1, base)
	return stale >= SaturationExecutions && 2*stale >= next
}

// coverTracker finds the pairs of one worker's executions (see
// Coverage): per object, the last access and the last write of the
// execution in progress.
type coverTracker struct {
	objects wordTable // an object (objectKey) → its index in last
	last    []lastAccess
	seen    wordTable // the pairs the worker covered (reported once), by pair's key
	fresh   []Pair    // those new to it in the execution in progress
	buf     []any
}

// lastAccess is an object's last access and last write: the goroutine
// (0: none yet) and the position; load says the last access is a load.
type lastAccess struct {
	g, wg     int32
	pos, wpos token.Pos
	load      bool
}

// reset starts an execution.
func (ct *coverTracker) reset() {
	ct.objects.reset()
	ct.last, ct.fresh = ct.last[:0], ct.fresh[:0]
}

// step notes goroutine g's pending operation on m, about to run.
func (ct *coverTracker) step(m *ssainterp.Machine, g int) {
	objs, pos, read := m.AppendPendingObjects(g, ct.buf[:0])
	ct.buf = objs
	id := int32(g)
	for _, o := range objs {
		i, added := ct.objects.index(objectKey(o), int32(len(ct.last)))
		if added {
			ct.last = append(ct.last, lastAccess{})
		}
		la := &ct.last[i]
		prevG, prevPos, loads := la.g, la.pos, uint8(0)
		if read {
			prevG, prevPos, loads = la.wg, la.wpos, LoadAfter
		} else if la.load {
			loads = LoadBefore
		}
		if prevG != 0 && prevG != id {
			ct.pair(Pair{prevPos, pos, loads})
		}
		la.g, la.pos, la.load = id, pos, read
		if !read {
			la.wg, la.wpos = id, pos
		}
	}
}

// pair notes a pair covered.
func (ct *coverTracker) pair(p Pair) {
	k := uint64(p.Before)<<33 ^ uint64(p.After)<<2 ^ uint64(p.Loads)
	if _, added := ct.seen.index(k, 0); added {
		ct.fresh = append(ct.fresh, p)
	}
}

// objectKey is what identifies object o, the data word of the interface:
// the objects an operation touches are pointers (a channel, a sync
// object's state, a memory cell), and hashing a pointer is cheaper than
// hashing an interface. (A key of another shape would only split one
// object's history in two.)
func objectKey(o any) uint64 {
	return uint64(uintptr((*[2]unsafe.Pointer)(unsafe.Pointer(&o))[1]))
}

// wordTable maps non-zero words to int32s: an open-addressing hash table
// with linear probing, cheaper than a map at every step of an execution.
// (An object freed during an execution whose address is reused would
// share its history with the new one: a pair more or less, no fault.)
type wordTable struct {
	keys []uint64 // 0: free
	vals []int32
	n    int
}

// index returns the value of key k, adding k with value v if it is not
// there (added).
func (t *wordTable) index(k uint64, v int32) (val int32, added bool) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	mask := uint64(len(t.keys) - 1)
	for i := (k * 0x9e3779b97f4a7c15 >> 17) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], false
		case 0:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return v, true
		}
	}
}

// grow doubles the table (to 64 entries at first).
func (t *wordTable) grow() {
	old, oldVals := t.keys, t.vals
	size := max(64, 2*len(old))
	t.keys, t.vals, t.n = make([]uint64, size), make([]int32, size), 0
	for i, k := range old {
		if k != 0 {
			t.index(k, oldVals[i])
		}
	}
}

// reset empties the table, keeping its room.
func (t *wordTable) reset() {
	if t.n > 0 {
		clear(t.keys)
		t.n = 0
	}
}
