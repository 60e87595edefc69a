package ssainterp

import (
	"fmt"
	"unsafe"
	"weak"
)

// Shared memory: with Config.SharedPoints, a load or store of memory that
// more than one goroutine has touched is a visible operation, so a
// scheduler can interleave plain accesses; with Config.Races, every
// access to memory is checked against Go's happens-before order with
// vector clocks, in the style of FastTrack (Flanagan and Freund, PLDI
// 2009): the last write is an epoch, reads are epochs per goroutine.
//
// Memory is tracked per word: a cell holding a scalar, pointer, string,
// interface, slice header and so on (a variable, a struct field, a slice
// or array element), and a map as a whole. Go's race detector sees
// memory as bytes, so a load or store of a whole struct or array (a
// copy, an assignment, copy() and append over slices of them) accesses
// every word in it and conflicts with an access to any one of them; an
// empty struct has no words. Tracking starts when the second goroutine
// does: what one goroutine did before that happens before everything the
// others do. A word belongs to the goroutine that allocated it (memory
// that existed when tracking started, to the goroutine that started the
// second one) until another goroutine touches it; from then on it is
// shared.
//
// Atomic operations (atomic.go) are accesses too: an atomic operation
// and a plain access to the same word that are not ordered race (an
// atomic store with a plain read, an atomic add with a plain write, a
// whole-struct copy with an atomic add to a field), two atomic operations
// never do. A WaitGroup's Add that starts the counter from zero reads its
// semaphore and a Wait that blocks writes it, as in Go's sync package
// under -race, so an Add from zero that is not ordered with a concurrent
// Wait is a data race (WaitGroup misuse). An unused load (SSA's load of
// the array in "for i := range a.arr", which Go does not evaluate) is
// no access.
//
// Happens-before edges: a go statement orders the parent's past before
// the child; an atomic load acquires the word's clock, an atomic store
// releases to it (replacing what it had: a load synchronises with the
// store it observes), a read-modify-write does both (merging); a
// WaitGroup's Done releases and its Wait acquires when it returns; every
// other synchronisation operation on an object (channel, mutex, sync.Map,
// condition, a subtest) joins the object's clock into the goroutine's and
// publishes the result back, as if the object were a lock. That orders
// more than Go's memory model requires for some channel patterns, so a
// race can be missed but never invented.

// vclock is a vector clock indexed by goroutine id. Its storage comes
// from the machine's clock arena (reuse.go), where joinClock and
// tickClock grow it; a clock is copied into storage of its own
// (childClock, assignClock), never shared.
type vclock []uint32

func (v vclock) get(id int) uint32 {
	if id < len(v) {
		return v[id]
	}
	return 0
}

// joinClock returns v joined with o (v's storage, grown if need be).
func (m *Machine) joinClock(v, o vclock) vclock {
	if len(o) > cap(v) {
		v = m.growClock(v, len(o))
	}
	for len(v) < len(o) {
		v = append(v, 0)
	}
	for i, c := range o {
		v[i] = max(v[i], c)
	}
	return v
}

// tickClock returns v with goroutine id's entry incremented.
func (m *Machine) tickClock(v vclock, id int) vclock {
	if id >= cap(v) {
		v = m.growClock(v, id+1)
	}
	for len(v) <= id {
		v = append(v, 0)
	}
	v[id]++
	return v
}

// childClock returns the clock of a new goroutine id that starts from v:
// a copy of v with id's entry ticked, in storage with room for it (ids
// only grow, so a copy of v alone would be grown, twice the size, at once).
func (m *Machine) childClock(v vclock, id int) vclock {
	return m.tickClock(append(m.clockSpace(max(len(v), id)+1), v...), id)
}

// assignClock makes dst a copy of v, in dst's storage if it has room.
func (m *Machine) assignClock(dst *vclock, v vclock) {
	if len(v) > cap(*dst) {
		*dst = m.clockSpace(len(v) + 1)
	}
	*dst = append((*dst)[:0], v...)
}

// growClock returns v in storage with room for n entries.
func (m *Machine) growClock(v vclock, n int) vclock {
	return append(m.clockSpace(max(n, 2*cap(v))), v...)
}

// clockSpace returns an empty clock with room for at least n entries.
func (m *Machine) clockSpace(n int) vclock {
	return m.arenas.clocks.slice(max(n, 8), clockChunk)
}

// objClock is the clock of a synchronisation object: what was released
// to it. from is the goroutine whose clock it is a copy of (a lock's
// last holder, an atomic word's last writer), or 0 when it joins several
// (a WaitGroup's Dones) or is empty. A goroutine whose clock holds from's
// entry has seen all of it (clocks only grow along happens-before), so
// acquiring it again joins nothing: a goroutine that retakes a lock or
// spins on an atomic word does not walk a clock of every goroutine.
type objClock struct {
	vc   vclock
	from int
}

// seenBy reports whether g's clock already holds all of c.
func (c *objClock) seenBy(g *goroutine) bool {
	e := c.vc.get(c.from)
	return c.from != 0 && e > 0 && g.vc.get(c.from) >= e
}

// syncClock returns the clock of synchronisation object obj, made empty on
// first use. A mutex, a WaitGroup and a channel keep theirs in their
// state (no map lookup per operation); other objects' are in syncClocks.
func (m *Machine) syncClock(obj any) *objClock {
	switch o := obj.(type) {
	case *mutexState:
		return &o.vc
	case *wgState:
		return &o.vc
	case *chanV:
		return &o.vc
	}
	c := m.syncClocks[obj]
	if c == nil {
		c = m.arenas.clockRefs.new(clockChunk / 8)
		m.syncClocks[obj] = c
	}
	return c
}

// publish makes c a copy of g's clock and moves g's clock on.
func (m *Machine) publish(g *goroutine, c *objClock) {
	m.assignClock(&c.vc, g.vc)
	c.from = g.id
	g.vc = m.tickClock(g.vc, g.id)
}

// access is one memory access remembered for race reports.
type access struct {
	fn  *function
	g   int32
	clk uint32
	pc  int32 // of the instruction in fn
	op  accessOp
}

// accessOp says what kind of access an access was.
type accessOp uint8

const (
	opRead accessOp = iota
	opWrite
	opAtomicRead
	opAtomicWrite
	opWaitGroupAdd  // Add from zero: a read of the WaitGroup's semaphore
	opWaitGroupWait // a Wait that blocks: a write of the semaphore
	opChanSend      // a send: a read of the channel (chanAccess)
	opChanClose     // a close: a write of the channel
)

func (o accessOp) String() string {
	return [...]string{"read", "write", "atomic read", "atomic write",
		"sync.WaitGroup.Add from zero", "sync.WaitGroup.Wait", "chan send", "chan close"}[o]
}

// isWrite reports whether the access writes (two accesses race only if
// one of them writes).
func (o accessOp) isWrite() bool {
	return o == opWrite || o == opAtomicWrite || o == opWaitGroupWait || o == opChanClose
}

// isAtomic reports whether the access is atomic (two atomic accesses
// never race).
func (o accessOp) isAtomic() bool { return o == opAtomicRead || o == opAtomicWrite }

// shadow is what is known of one word's accesses (a scalar cell, a map as
// a whole, a WaitGroup's semaphore).
type shadow struct {
	w     access // the last plain write
	owner int32  // the only goroutine that touched it; -1 once shared
	// Since w, the latest access of each goroutine of each other kind,
	// or nil while there is none (most words are only written, and a
	// shadow of each word of a shared buffer is kept small).
	lists *shadowLists
}

// shadowLists are the accesses of a word since its last plain write, in
// two lists, so that an access scans only those it can race with: the
// plain ones (reads, WaitGroup Adds from zero, channel sends: none
// writes) and the atomic reads and writes.
type shadowLists struct {
	reads   []access
	atomics []access
}

// Race is a data race found in an execution.
type Race struct {
	Message  string // "concurrent map writes", or a Go race detector style report
	Current  RaceAccess
	Previous RaceAccess
}

// RaceAccess is one side of a data race.
type RaceAccess struct {
	Write     bool
	Op        string // "read", "write", "atomic read", "atomic write", "sync.WaitGroup.Add from zero", "sync.WaitGroup.Wait"
	Goroutine int
	Pos       string
	Func      string
	Stack     string // the goroutine's frames, for the current access
}

// startTracking turns tracking on when a second goroutine is created.
func (m *Machine) startTracking(parent, child *goroutine) {
	if !m.cfg.Races && !m.cfg.SharedPoints {
		return
	}
	if !m.watch {
		m.watch = true
		if m.shadows == nil {
			m.shadows = map[any]*shadow{}
		}
		if m.cellShadows == nil {
			m.cellShadows = map[*value]*shadow{}
		}
		if m.syncClocks == nil {
			m.syncClocks = map[any]*objClock{}
		}
		m.firstOwner = parent.id
		parent.vc = m.tickClock(parent.vc, parent.id)
	}
	child.vc = m.childClock(parent.vc, child.id)
	parent.vc = m.tickClock(parent.vc, parent.id)
}

// startTimerGoroutine is startTracking for the goroutine that timer t
// starts (an AfterFunc's function): what happens before it is what its
// creation or last Reset released to the timer, as Go's race detector
// has it, not its creator's present (the creator may have gone on, or
// finished).
func (m *Machine) startTimerGoroutine(t *timer, child *goroutine) {
	if !m.watch {
		m.startTracking(t.creator, child)
		return
	}
	child.vc = m.childClock(t.ch.vc.vc, child.id)
}

// newShadow returns a new shadow of a word that goroutine owner touched.
func (m *Machine) newShadow(owner int) *shadow {
	sh := m.arenas.shadows.new(shadowChunk)
	sh.owner = int32(owner)
	return sh
}

// allocated records that goroutine g allocated cell c: the words in it
// (the cell itself, or the fields and elements of the struct or array it
// holds, recursively), up to a bound: words past it count as memory of
// the first goroutine, which only costs choice points.
func (m *Machine) allocated(g *goroutine, c *value) {
	a, ok := c.r.(agg)
	if !ok {
		m.cellShadows[c] = m.newShadow(g.id)
		return
	}
	for i := range a[:min(len(a), maxRegistered)] {
		m.allocated(g, &a[i])
	}
}

// maxRegistered bounds the elements registered per allocation.
const maxRegistered = 1 << 14

// allocatedSlice records that g allocated the backing array of s, in the
// Go heap. A large array of plain words (a bufio buffer of 4096 bytes)
// is recorded as a whole, not word by word (see bigArrays).
func (m *Machine) allocatedSlice(g *goroutine, s []value) {
	s = s[:cap(s)]
	if len(s) >= minBigArray {
		if _, ok := s[0].r.(agg); !ok {
			m.bigArrays.add(s, g.id, false)
			return
		}
	}
	m.allocatedWords(g, s)
}

// allocatedWords records the words of s as g's one by one (up to
// maxRegistered), wherever s is.
func (m *Machine) allocatedWords(g *goroutine, s []value) {
	s = s[:min(len(s), maxRegistered)]
	for i := range s {
		m.allocated(g, &s[i])
	}
}

// bigArrays records the large backing arrays of plain words allocated
// while memory is tracked, by the 64 KiB spans of addresses each covers:
// the goroutine that allocated each (a word of one gets its shadow with
// that owner when it is first touched, instead of one map entry and
// shadow per word at the allocation), and the shadows of its words, in
// a table of its own instead of cellShadows (a copy of a kilobyte looks
// up a thousand shadows side by side, not in a map of millions). An
// array in the Go heap is held weakly: once the collector frees it, its
// record no longer answers for the addresses (other memory may come to
// live there). An array in host memory (bigPlainSlice, a mapping's
// cells) lives as long as the execution (weak.Make is a fatal error on
// it).
//
// Inv: a word's shadow is in the table of the live big array holding
// it, if there is one, and in cellShadows otherwise: a word in
// cellShadows is held there, so no big array comes to live at its
// address later, and a big array is recorded when it is allocated,
// before any of its words has a shadow.
type bigArrays map[uintptr][]*bigArray

type bigArray struct {
	base, end uintptr             // the words' addresses
	owner     int                 // the goroutine that allocated it
	first     weak.Pointer[value] // its first word; nil once freed
	host      bool                // in host memory: never freed
	shadows   [][]*shadow         // by chunks of bigShadowChunk words, made when first touched
}

// minBigArray is the length from which a backing array is a bigArray.
const minBigArray = 64

const bigSpanShift = 16

// bigShadowChunk is the number of words of a big array whose shadows
// are allocated together.
const bigShadowChunk = 256

func (b *bigArrays) add(s []value, owner int, host bool) {
	if *b == nil {
		*b = bigArrays{}
	}
	base := uintptr(unsafe.Pointer(&s[0]))
	a := &bigArray{base: base, end: base + uintptr(len(s))*unsafe.Sizeof(s[0]), owner: owner, host: host}
	if !host {
		a.first = weak.Make(&s[0])
	}
	for span := a.base >> bigSpanShift; span <= (a.end-1)>>bigSpanShift; span++ {
		(*b)[span] = append((*b)[span], a)
	}
}

// holds reports whether addr is a word of a, alive.
func (a *bigArray) holds(addr uintptr) bool {
	return a.base <= addr && addr < a.end && (a.host || a.first.Value() != nil)
}

// bigArrayOf returns the live big array holding the word at addr, or
// nil. The last one found is looked at first (a loop over an array, a
// copy).
func (m *Machine) bigArrayOf(addr uintptr) *bigArray {
	if a := m.lastBig; a != nil && a.holds(addr) {
		return a
	}
	if len(m.bigArrays) == 0 {
		return nil
	}
	arrays := m.bigArrays[addr>>bigSpanShift]
	for i := len(arrays) - 1; i >= 0; i-- { // the newest first
		if a := arrays[i]; a.holds(addr) {
			m.lastBig = a
			return a
		}
	}
	return nil
}

// slot returns where a keeps the shadow of its word at addr.
func (a *bigArray) slot(addr uintptr) **shadow {
	const size = unsafe.Sizeof(value{})
	i := (addr - a.base) / size
	if a.shadows == nil {
		a.shadows = make([][]*shadow, ((a.end-a.base)/size+bigShadowChunk-1)/bigShadowChunk)
	}
	ch := &a.shadows[i/bigShadowChunk]
	if *ch == nil {
		*ch = make([]*shadow, bigShadowChunk)
	}
	return &(*ch)[i%bigShadowChunk]
}

// cellShadow returns the shadow of the word c (nil if it has none yet),
// and where it is kept if it is in a big array's table; owner is the
// goroutine that owns c while it has none: the allocator of the big
// array holding it, or the first owner.
func (m *Machine) cellShadow(c *value) (sh *shadow, slot **shadow, owner int) {
	addr := uintptr(unsafe.Pointer(c))
	if a := m.lastBig; a != nil && a.holds(addr) {
		slot = a.slot(addr)
		return *slot, slot, a.owner
	}
	if sh = m.cellShadows[c]; sh != nil {
		return sh, nil, int(sh.owner)
	}
	if a := m.bigArrayOf(addr); a != nil {
		slot = a.slot(addr)
		return *slot, slot, a.owner
	}
	return nil, nil, m.firstOwner
}

// syncWith is a synchronisation of g on obj (see the package comment).
// Atomic variables (cells) and WaitGroups order their operations
// themselves (atomicAccess, the WaitGroup models in sync.go).
func (m *Machine) syncWith(g *goroutine, obj any) {
	if !m.watch || obj == nil {
		return
	}
	switch obj.(type) {
	case *value, *wgState:
		return
	}
	c := m.syncClock(obj)
	if !c.seenBy(g) {
		g.vc = m.joinClock(g.vc, c.vc)
	}
	m.publish(g, c)
}

// syncAcquire joins obj's clock into g's (g sees what was released to obj).
func (m *Machine) syncAcquire(g *goroutine, obj any) {
	if !m.watch {
		return
	}
	if c := m.syncClock(obj); !c.seenBy(g) {
		g.vc = m.joinClock(g.vc, c.vc)
	}
}

// syncRelease publishes g's clock to obj: joined with what obj had (merge),
// or replacing it (an atomic store: a later load synchronises with the
// store it observes, not with the stores before it).
func (m *Machine) syncRelease(g *goroutine, obj any, merge bool) {
	if !m.watch {
		return
	}
	c := m.syncClock(obj)
	if merge && len(c.vc) > 0 && !c.seenBy(g) {
		c.vc = m.joinClock(c.vc, g.vc)
		c.from = 0
		g.vc = m.tickClock(g.vc, g.id)
		return
	}
	m.publish(g, c) // (a merge with what g has seen is g's clock)
}

// memAccess handles an access of goroutine fr.g to the memory key: a
// *value cell holding a scalar (not a struct or array: see
// memAccessCell), or a *mapV. It returns true when the goroutine must stop
// before the access (a visible operation); otherwise it checks the access
// for a race and records it.
func (m *Machine) memAccess(fr *frame, key any, write bool) (stop bool) {
	g := fr.g
	var sh *shadow
	if d := &g.pending; g.granted && d.sh != nil && d.addr == key {
		sh = d.sh // the access stopped here: its shadow, already shared
	} else {
		sh = m.shadowOf(key, g.id)
	}
	if sh.owner == -1 && m.cfg.SharedPoints && g.nested == 0 && !fr.fn.quiet {
		if !m.visible(fr, &opDesc{kind: opMem, wait: accessWait(write), addr: key, write: write, sh: sh}) {
			return true
		}
	}
	if m.cfg.Races {
		op := opRead
		if write {
			op = opWrite
		}
		m.checkRace(fr, key, sh, op)
	}
	return false
}

// shadowOf returns key's shadow, made on first use, and marks it shared
// once a goroutine other than its owner touches it.
func (m *Machine) shadowOf(key any, g int) *shadow {
	if c, ok := key.(*value); ok {
		sh, slot, owner := m.cellShadow(c)
		if slot == nil {
			if sh == nil {
				sh = m.newShadow(owner)
				m.cellShadows[c] = sh
			}
			slot = &sh
		}
		return m.shadowIn(slot, owner, g)
	}
	sh := m.shadows[key]
	if sh == nil {
		sh = m.newShadow(m.firstOwner)
		m.shadows[key] = sh
	}
	return m.shadowIn(&sh, 0, g)
}

// shadowIn is shadowOf for a word whose shadow a big array keeps at slot.
func (m *Machine) shadowIn(slot **shadow, owner, g int) *shadow {
	sh := *slot
	if sh == nil {
		sh = m.newShadow(owner)
		*slot = sh
	}
	if int(sh.owner) != g {
		sh.owner = -1
	}
	return sh
}

// memAccessCell is memAccess for a cell that may hold a struct or an
// array: Go's race detector sees memory as bytes, so a load or store of
// the whole value accesses each of its words, and conflicts with an
// access to any one of them.
func (m *Machine) memAccessCell(fr *frame, c *value, write bool) (stop bool) {
	if a, ok := c.r.(agg); ok {
		if write {
			return m.memBulk(fr, nil, a)
		}
		return m.memBulk(fr, a, nil)
	}
	return m.memAccess(fr, c, write)
}

// memAccessMaybeStop is memAccessCell (or memAccess for a map) for
// accesses made by native code or reflection, which may not be a
// scheduling point (mayStop false): then it only checks for a race.
func (m *Machine) memAccessMaybeStop(fr *frame, key any, write, mayStop bool) (stop bool) {
	c, isCell := key.(*value)
	switch {
	case mayStop && isCell:
		return m.memAccessCell(fr, c, write)
	case mayStop:
		return m.memAccess(fr, key, write)
	case isCell:
		m.checkWords(fr, c, rw(write))
	default:
		sh := m.shadowOf(key, fr.g.id)
		if m.cfg.Races {
			m.checkRace(fr, key, sh, rw(write))
		}
	}
	return false
}

func rw(write bool) accessOp {
	if write {
		return opWrite
	}
	return opRead
}

// checkWords checks and records an access op to each word of the cell c:
// c itself, or the words of the fields or elements of the struct or array
// it holds. It is never a scheduling point.
func (m *Machine) checkWords(fr *frame, c *value, op accessOp) {
	if a, ok := c.r.(agg); ok {
		for i := range a {
			m.checkWords(fr, &a[i], op)
		}
		return
	}
	sh := m.shadowOf(c, fr.g.id)
	if m.cfg.Races {
		m.checkRace(fr, c, sh, op)
	}
}

// sharedWords appends to dst the words of c (see checkWords) that a
// goroutine other than g has touched, or may have, and marks them shared
// (g is about to touch them), as memAccess does.
func (m *Machine) sharedWords(c *value, g int, dst cells) cells {
	if a, ok := c.r.(agg); ok {
		for i := range a {
			dst = m.sharedWords(&a[i], g, dst)
		}
		return dst
	}
	sh, _, owner := m.cellShadow(c)
	if sh == nil && owner != g || sh != nil && int(sh.owner) != g {
		m.shadowOf(c, g) // owner -1
		dst = append(dst, c)
	}
	return dst
}

// memBulk handles an operation that reads the cells in reads and writes
// those in writes (copy, append, a load or store of a struct or array),
// each with every word in it: one visible operation for all of them when
// any is shared, then a race check of each.
func (m *Machine) memBulk(fr *frame, reads, writes []value) (stop bool) {
	g := fr.g
	if m.cfg.SharedPoints && g.nested == 0 && !fr.fn.quiet {
		var buf [4]*value
		shared := m.sharedRange(writes, g.id, cells(buf[:0]))
		write := len(shared) > 0
		shared = m.sharedRange(reads, g.id, shared)
		if len(shared) > 0 {
			var addr any = shared[0]
			if len(shared) > 1 {
				addr = append(cells(nil), shared...)
			}
			if !m.visible(fr, &opDesc{kind: opMem, wait: accessWait(write), addr: addr, write: write}) {
				return true
			}
		}
	}
	m.checkRange(fr, reads, opRead)
	m.checkRange(fr, writes, opWrite)
	return false
}

// arrayHolding returns the big array holding every word of s, or nil.
func (m *Machine) arrayHolding(s []value) *bigArray {
	if len(s) < 2 {
		return nil
	}
	a := m.bigArrayOf(uintptr(unsafe.Pointer(&s[0])))
	if a == nil || uintptr(unsafe.Pointer(&s[len(s)-1])) >= a.end {
		return nil
	}
	return a
}

// sharedRange is sharedWords of each cell of s: of a big array's words,
// with its table found once.
func (m *Machine) sharedRange(s []value, g int, dst cells) cells {
	a := m.arrayHolding(s)
	if a == nil {
		for i := range s {
			dst = m.sharedWords(&s[i], g, dst)
		}
		return dst
	}
	for i := range s {
		c := &s[i]
		slot := a.slot(uintptr(unsafe.Pointer(c)))
		if sh := *slot; sh == nil && a.owner != g || sh != nil && int(sh.owner) != g {
			m.shadowIn(slot, a.owner, g)
			dst = append(dst, c)
		}
	}
	return dst
}

// checkRange is checkWords of each cell of s: of a big array's words,
// with its table found once.
func (m *Machine) checkRange(fr *frame, s []value, op accessOp) {
	a := m.arrayHolding(s)
	if a == nil {
		for i := range s {
			m.checkWords(fr, &s[i], op)
		}
		return
	}
	g := fr.g.id
	for i := range s {
		c := &s[i]
		sh := m.shadowIn(a.slot(uintptr(unsafe.Pointer(c))), a.owner, g)
		if m.cfg.Races {
			m.checkRace(fr, c, sh, op)
		}
	}
}

// cells is the set of words one visible operation accesses (a copy, an
// append, a whole struct or array), for partial-order reduction.
type cells []*value

// appendMemObjects appends the objects a memory operation's addr names
// (see Access) to objs.
func appendMemObjects(objs []any, addr any) []any {
	cs, ok := addr.(cells)
	if !ok {
		return append(objs, addr)
	}
	for _, c := range cs {
		objs = append(objs, c)
	}
	return objs
}

// atomicKind is what an atomic operation does to its word.
type atomicKind uint8

const (
	atomicLoad  atomicKind = iota // acquires
	atomicStore                   // releases (replacing the word's clock)
	atomicRMW                     // Add, Swap, a successful CompareAndSwap, And, Or: both
	atomicCAS                     // a CompareAndSwap: atomicRMW if it swaps, else atomicLoad
)

// atomicAccess performs the happens-before effects of an atomic operation
// of fr's goroutine on the word c, and checks it against the plain
// accesses to c: mixed atomic and plain accesses that are not ordered are
// a data race, as Go's race detector reports them; two atomic operations
// never race.
func (m *Machine) atomicAccess(fr *frame, c *value, kind atomicKind) {
	if !m.watch {
		return
	}
	g := fr.g
	if kind != atomicStore {
		m.syncAcquire(g, c)
	}
	sh := m.shadowOf(c, g.id)
	if m.cfg.Races {
		op := opAtomicWrite
		if kind == atomicLoad {
			op = opAtomicRead
		}
		if m.checkRace(fr, c, sh, op) {
			return
		}
	}
	if kind != atomicLoad {
		m.syncRelease(g, c, kind == atomicRMW)
	}
}

// checkRace checks the access op of fr's goroutine to key against the
// accesses its shadow remembers, reports a race if one is not ordered
// before it, and otherwise records it (FastTrack's epochs). Two accesses
// conflict when one of them writes and they are not both atomic: a plain
// write conflicts with both lists, an atomic write with the plain reads,
// a plain read with the atomic writes, an atomic read with neither. It
// returns true when it reported a race.
func (m *Machine) checkRace(fr *frame, key any, sh *shadow, op accessOp) bool {
	g := fr.g
	if concurrent(sh.w, g) { // a plain write conflicts with everything
		m.raceFound(fr, key, op, sh.w)
		return true
	}
	atomic, write := op.isAtomic(), op.isWrite()
	if l := sh.lists; l != nil {
		if write {
			for _, r := range l.reads {
				if concurrent(r, g) {
					m.raceFound(fr, key, op, r)
					return true
				}
			}
		}
		if !atomic {
			for _, r := range l.atomics {
				if (write || r.op == opAtomicWrite) && concurrent(r, g) {
					m.raceFound(fr, key, op, r)
					return true
				}
			}
		}
	}
	cur := access{g: int32(g.id), clk: g.vc.get(g.id), op: op, pc: int32(fr.pc - 1), fn: fr.fn}
	if op == opWrite || op == opWaitGroupWait || op == opChanClose {
		sh.w = cur
		if l := sh.lists; l != nil {
			l.reads, l.atomics = l.reads[:0], l.atomics[:0]
		}
		return false
	}
	if sh.lists == nil {
		sh.lists = m.arenas.shadowLists.new(shadowChunk)
	}
	list := &sh.lists.reads
	if atomic {
		list = &sh.lists.atomics
	}
	m.remember(g, list, cur)
	return false
}

// remember records cur in list, in place of the goroutine's access of
// the same kind if the list has one. Where that access is found is kept
// in the goroutine (raceHint, by list and kind), so that a goroutine
// that comes back to a word many goroutines share does not scan them.
// A scan also drops the accesses that happen before cur and conflict
// with nothing cur does not conflict with (FastTrack's collapse of a
// read vector by an ordered access): a later access that races with one
// of them races with cur, which is found instead. So a word that
// thousands of goroutines take turns at (an atomic counter, a field read
// under a lock) keeps a short list.
func (m *Machine) remember(g *goroutine, list *[]access, cur access) {
	l := *list
	h := &g.raceHint[(uintptr(unsafe.Pointer(list))>>3^uintptr(cur.op))%uintptr(len(g.raceHint))]
	if i := int(*h); i < len(l) && l[i].g == cur.g && l[i].op == cur.op {
		l[i] = cur
		return
	}
	n, own := 0, -1
	for _, r := range l {
		switch {
		case r.g == cur.g && r.op == cur.op:
			// Replaced where it is: the other goroutines' hints into the
			// list stay true while no access is dropped.
			own, r = n, cur
		case !concurrent(r, g) && subsumes(cur.op, r.op):
			continue
		}
		l[n] = r
		n++
	}
	clear(l[n:])
	l = l[:n]
	if own >= 0 {
		*h = int32(own)
		return
	}
	if len(l) == cap(l) {
		l = append(m.arenas.accesses.slice(max(2, 2*cap(l)), accessChunk), l...)
	}
	*h = int32(len(l))
	*list = append(l, cur)
}

// subsumes reports whether an access op conflicts with every access that
// an access r of the same list conflicts with: any two in the list of
// plain reads (writes conflict with each of them alike); in the list of
// atomic ones, a write with anything, a read with a read (plain reads
// conflict with atomic writes only).
func subsumes(op, r accessOp) bool {
	return op == r || op == opAtomicWrite || !r.isAtomic()
}

// concurrent reports whether access a is not ordered before g's present.
func concurrent(a access, g *goroutine) bool {
	return a.g != 0 && int(a.g) != g.id && a.clk > g.vc.get(int(a.g))
}

// raceFound ends the execution with a data race report: the access op of
// fr's goroutine to key races with prev.
func (m *Machine) raceFound(fr *frame, key any, op accessOp, prev access) {
	cur := RaceAccess{Write: op.isWrite(), Op: op.String(), Goroutine: fr.g.id, Pos: m.prog.shortPos(fr.fn.posAt(fr.pc - 1)),
		Func: fr.fn.goName(), Stack: m.goroutineTrace(fr.g)}
	p := RaceAccess{Write: prev.op.isWrite(), Op: prev.op.String(), Goroutine: int(prev.g), Pos: m.prog.shortPos(prev.fn.posAt(int(prev.pc))), Func: prev.fn.goName()}
	r := &Race{Current: cur, Previous: p}
	switch {
	case isMap(key) && op.isWrite() && prev.op.isWrite():
		r.Message = "concurrent map writes"
	case isMap(key):
		r.Message = "concurrent map read and map write"
	default:
		r.Message = fmt.Sprintf("%s at %s by goroutine %d races with %s at %s by goroutine %d",
			cur.Op, cur.Pos, cur.Goroutine, p.Op, p.Pos, p.Goroutine)
		if op == opWaitGroupAdd || op == opWaitGroupWait {
			r.Message += " (WaitGroup misuse: an Add that starts the counter from zero must happen before Wait)"
		}
	}
	if m.cfg.RecordRaces {
		m.races = append(m.races, r)
		return
	}
	m.race = r
	m.exited = true
	panic(&exitSignal{0})
}

func isMap(key any) bool {
	_, ok := key.(*mapV)
	return ok
}

// Races returns the races recorded with Config.RecordRaces.
func (m *Machine) Races() []*Race { return m.races }

// Race returns the data race that ended the execution, or nil.
func (m *Machine) Race() *Race { return m.race }

// assign stores v into the cell c with Go's value semantics. A struct or
// array is copied into the fields and elements the cell already has, so
// that pointers into it (p := &s.f) keep seeing its memory and the race
// detector keeps each word's history; anything else is copied by copyVal.
func assign(c *value, v value) {
	if b, ok := v.r.(agg); ok {
		if a, ok := c.r.(agg); ok && len(a) == len(b) {
			for i := range b {
				assign(&a[i], b[i])
			}
			return
		}
	}
	*c = copyVal(v)
}
