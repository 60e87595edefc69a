package ssainterp

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"unsafe"
)

// StateHash hashes the whole state of the execution, for a search that
// prunes states it has seen (sched's dfs with state caching): every
// goroutine's scheduling state, pending operation (with its object and a
// sleep's deadline), panics in flight and stack of frames with their
// registers and deferred calls, the globals, the pending timers (with
// their functions), the clock and its read counters, the items of
// sync.Pools and the state of io.Pipes, and the memory reachable from
// all of these, with the channels (buffer, closed, and the goroutines
// queued on them, in order), maps, closures, interfaces and the state of
// the sync models. (sched adds the scheduler's own state.)
//
// Memory is a graph of nodes: words (the value slot of a variable, a
// field, an element), channels, maps, closures, interfaces and the sync
// models. A node is named by the order in which a breadth-first walk of
// the graph reaches it from the roots, taken in a fixed order: the
// globals, then each goroutine's frames from the bottom of its stack up
// (deferred calls, registers), its pending operation's object and its
// panics, then the timers, then the pools and pipes of the cells
// reached. So two executions (on two machines) that reach the same state
// get the same hash, whatever their schedule, provided both run with
// Config.Fingerprints (every register of every frame is hashed, dead ones
// too, and without it a frame reused from an earlier call keeps the
// values it held). Every word is named, not just every object, and a
// slice or array is hashed with the names of all its words up to its
// capacity, so that aliasing shows: a pointer to a field and one to a
// lone variable holding the same value, or two slices alike up to their
// length but not in their capacity or in the array they share, behave
// differently later, and hash differently.
//
// The hash is a sum of one term per node (its name and contents, with
// every reference replaced by the referent's name) and per root, and it
// is kept incrementally, as in Nguyen and Ruys, "Incremental Hashing for
// SPIN" (SPIN 2008), over names kept as in Musuvathi and Dill, "An
// Incremental Heap Canonicalization Algorithm" (SPIN 2005): a call
// recomputes only the terms of nodes whose contents changed, and walks
// again only from the first root whose part of the graph changed shape.
// What changed is found without write barriers, which would prune states
// that differ wherever one was missed (each store, copy, append, native
// call and model update): every word is compared with the value its term
// was made from (by identity: the node holds that value, so a string,
// slice or boxed value it refers to is not reused), a map keeps a version
// its updates bump (map.go), channels, the models and nodes holding
// native values are rehashed at each call, and closures and interfaces,
// which do not change, are hashed once. A change is of shape when the
// references in the node (or root), in order, are not the ones its term
// was made from; the nodes the walk reached first from that root or any
// later one are then named again. Every other change keeps all names:
// the walk would reach the same nodes in the same order. Nodes are
// reached from their root's part of the walk only, so the graph the
// terms cover is exactly what a walk from scratch reaches, and the hash
// is the same: Machine.CheckStateHash recomputes it from scratch.
// sched's TestStateCachingSound and TestStateHashFutures check that
// states with one hash have the same futures; the walk missed aliasing,
// capacities, deferred calls and timers' functions until 2026-11-27
// (sched/testdata/statesound).
//
// What it leaves out: the contents of frozen globals (frozen.go), the
// same in every state; the race detector's vector clocks (two states that
// differ only in their happens-before history hash alike, so a search
// that prunes by this hash may miss a race that only one history leads
// to), the output written so far and the random streams (map order,
// math/rand), which each execution seeds afresh (sched's executionSeed):
// what they draw after a state is not a function of it. Native memory
// (values of the bridge) is hashed by contents, except what it points
// to: a reference into native memory is hashed by address and by the
// contents it points to, one level deep (a *testing.T, which each
// machine makes, is hashed by its test's state).
func (m *Machine) StateHash() uint64 {
	if m.fp == nil {
		m.fp = newFingerprinter(m)
	}
	var h uint64
	m.readableRegions(func() { h = m.fp.hash() })
	return h
}

// CheckStateHash hashes the state from scratch and reports whether that
// is what the last StateHash returned, incrementally. It is for tests,
// right after StateHash.
func (m *Machine) CheckStateHash() error {
	if m.fp == nil {
		return nil
	}
	f, g := m.fp, newFingerprinter(m)
	var h uint64
	m.readableRegions(func() { h = g.hash() })
	if h == f.last {
		return nil
	}
	what := fmt.Sprintf("%d nodes kept, %d from scratch", len(f.nodes), len(g.nodes))
	for i := range min(len(f.nodes), len(g.nodes)) {
		a, b := f.nodes[i], g.nodes[i]
		if a.p != b.p || a.term != b.term || a.region != b.region {
			what = fmt.Sprintf("node %d (kind %d, region %d, of %d globals) differs: kept %p %#x region %d, from scratch %p %#x region %d",
				i, b.kind, b.region, len(m.globals), a.p, a.term, a.region, b.p, b.term, b.region)
			if a.p == b.p && a.kind == nWord {
				what += fmt.Sprintf(" holding %T (kept %T)", (*value)(a.p).r, a.last.r)
			}
			break
		}
	}
	return fmt.Errorf("StateHash: kept incrementally %#x, from scratch %#x: %s", f.last, g.last, what)
}

// Kinds of nodes.
const (
	nWord uint8 = iota
	nChan
	nMap
	nClosure
	nIface
	nMutex
	nWG
	nNotify
	nPcInfo
	nSyncMap
	nTest
)

// fpNode is one node of memory; its name is its index + 1.
type fpNode struct {
	p      unsafe.Pointer // the word (*value) or object
	term   uint64
	shape  uint64 // the references its term was made from
	last   value  // a word: the value its term was made from
	ver    uint64 // a map: the version its term was made from
	region int32  // the root whose part of the walk reached it
	first  int32  // a global's cell: where the nodes its region reached begin
	kind   uint8
	vol    bool // it holds a native value, which native code changes in place
}

// fpRoot is one root of the walk: a register, a global, a timer's
// channel or function, and so on.
type fpRoot struct {
	key   uint64 // which one
	v     value
	term  uint64
	shape uint64
	first int32 // the nodes its part of the walk reached start here
}

// fingerprinter keeps the nodes and terms of a machine's state.
type fingerprinter struct {
	m      *Machine
	nodes  []fpNode
	ids    map[unsafe.Pointer]int32 // node index by address
	sum    uint64                   // of the nodes' terms
	hashed int32                    // nodes before it have their terms
	// The roots: the globals' cells, nodes 0 to len(globals)-1 (gbase
	// and gend bound their array), then the others, the last call's
	// (roots) and this call's (cur).
	gbase, gend uintptr
	frozen      []bool // by global index: contents left out (frozen.go)
	roots       []fpRoot
	cur         []fpRoot
	walked      bool
	stack       []*frame              // enumerate's, kept between calls
	side        int32                 // nodes from it on were reached from pools and pipes
	runs        map[[2]uintptr]uint64 // the names of an array's words up to a capacity, hashed
	last        uint64                // what the last call returned

	// While hashing a value or node: the contents (h, with names) and the
	// references in order (s, by address, with their positions).
	h, s   uint64
	pos    uint64
	region int32
	vol    bool // a native value was met
	deep   bool // hashing what a native pointer points to
	// strict: the contents are hashed against the names there are: nothing
	// is named, and broken is set if a reference has no name.
	strict bool
	broken bool
}

func newFingerprinter(m *Machine) *fingerprinter {
	m.zeroGlobals() // it walks every global
	n := m.prog.fpNodes.Load()
	return &fingerprinter{m: m, ids: make(map[unsafe.Pointer]int32, n), nodes: make([]fpNode, 0, n), runs: map[[2]uintptr]uint64{}, frozen: m.prog.frozenGlobals()}
}

const fnvOffset = 14695981039346656037

// hash brings the nodes and roots up to date and returns the hash.
func (f *fingerprinter) hash() uint64 {
	f.truncate(f.side)
	ng := len(f.m.globals)
	if !f.walked && ng > 0 {
		// The globals' cells are the first nodes, named by position.
		for k := range f.m.globals {
			f.nodes = append(f.nodes, fpNode{p: unsafe.Pointer(&f.m.globals[k]), kind: nWord, region: int32(k)})
		}
		f.gbase = uintptr(unsafe.Pointer(&f.m.globals[0]))
		f.gend = f.gbase + uintptr(ng)*unsafe.Sizeof(value{})
		f.hashed = int32(ng) // by the walk of each, not by drain
	}
	scalars := f.enumerate()
	cur := f.cur
	// Regions: the parts of the walk from each global (the walk reaches
	// its cell, then what that holds), then from each root of cur.
	first := func(r int) int32 {
		if r < ng {
			return f.nodes[r].first
		}
		return f.roots[r-ng].first
	}

	// Regions from j on are walked again. The roots whose references are
	// those of the last call keep theirs.
	j := 0
	if f.walked {
		d := 0
		for ; d < len(cur) && d < len(f.roots); d++ {
			if cur[d].key != f.roots[d].key {
				break
			}
			h, s, ok := f.strictVal(cur[d].v)
			if !ok || s != f.roots[d].shape {
				break
			}
			cur[d].term, cur[d].shape, cur[d].first = pair(cur[d].key, h), s, f.roots[d].first
		}
		j = ng + d
	}
	limit := int32(len(f.nodes))
	if f.walked && j < ng+len(f.roots) {
		limit = first(j)
	}
	// Nodes of the regions kept (and the globals' cells): a change of
	// contents updates the term, a change of shape walks again from the
	// node's region.
	for i := int32(0); f.walked && i < limit; i++ {
		if r := int(f.nodes[i].region); f.update(i) && r < j {
			j, limit = r, first(r)
		}
	}
	f.truncate(max(limit, int32(ng)))
	for r := j; r < ng; r++ {
		f.region = int32(r)
		g := &f.nodes[r]
		g.first = int32(len(f.nodes))
		f.rehash(int32(r))
		f.drain()
	}
	for d := max(j-ng, 0); d < len(cur); d++ {
		r := &cur[d]
		f.region = int32(ng + d)
		r.first = int32(len(f.nodes))
		f.begin()
		f.val(r.v, false)
		r.term, r.shape = pair(r.key, f.h), f.s
		f.drain()
	}
	f.roots, f.cur = cur, f.roots[:0]
	if !f.walked {
		// The first walk's size: the next machine's tables start that big.
		f.m.prog.fpNodes.Store(int64(len(f.nodes)))
		f.walked = true
	}

	var rootSum uint64
	for _, r := range f.roots {
		rootSum += r.term
	}
	f.side = int32(len(f.nodes))
	f.last = pair(pair(pair(scalars, rootSum), f.sum), f.sides())
	return f.last
}

// truncate forgets the nodes from k on.
func (f *fingerprinter) truncate(k int32) {
	if int(k) >= len(f.nodes) {
		return
	}
	for i := k; i < int32(len(f.nodes)); i++ {
		n := &f.nodes[i]
		delete(f.ids, n.p)
		if i < f.hashed {
			f.sum -= n.term
		}
	}
	clear(f.nodes[k:])
	f.nodes = f.nodes[:k]
	f.hashed = min(f.hashed, k)
	clear(f.runs)
}

// drain computes the terms of the nodes reached and not yet hashed, in
// the order they were reached (breadth first), reaching more.
func (f *fingerprinter) drain() {
	for ; f.hashed < int32(len(f.nodes)); f.hashed++ {
		i := f.hashed
		f.begin()
		f.content(i)
		n := &f.nodes[i]
		n.term, n.shape, n.vol = pair(uint64(i+1), f.h), f.s, f.vol
		f.sum += n.term
	}
}

// update brings node i's term up to date if its contents changed, and
// reports a change of shape.
func (f *fingerprinter) update(i int32) (shape bool) {
	n := &f.nodes[i]
	switch n.kind {
	case nWord:
		if !n.vol && same(*(*value)(n.p), n.last) {
			return false
		}
	case nMap:
		if !n.vol && (*mapV)(n.p).ver == n.ver {
			return false
		}
	case nClosure, nIface, nPcInfo: // they never change
		if !n.vol {
			return false
		}
	}
	f.strict, f.broken = true, false
	f.begin()
	f.content(i)
	f.strict = false
	if f.broken || f.s != n.shape {
		return true
	}
	term := pair(uint64(i+1), f.h)
	f.sum += term - n.term
	n.term, n.vol = term, f.vol
	return false
}

// rehash computes node i's term afresh, reaching what it holds.
func (f *fingerprinter) rehash(i int32) {
	f.begin()
	f.content(i)
	n := &f.nodes[i]
	term := pair(uint64(i+1), f.h)
	f.sum += term - n.term
	n.term, n.shape, n.vol = term, f.s, f.vol
}

// strictVal hashes a root's value against the names there are.
func (f *fingerprinter) strictVal(v value) (h, s uint64, ok bool) {
	f.strict, f.broken = true, false
	f.begin()
	f.val(v, false)
	f.strict = false
	return f.h, f.s, !f.broken
}

func (f *fingerprinter) begin() {
	f.h, f.s, f.pos, f.vol = fnvOffset, fnvOffset, 0, false
}

// same reports whether a and b are one value: equal scalars and the same
// reference or box (a box a node holds is not reused).
func same(a, b value) bool {
	ea := (*[2]unsafe.Pointer)(unsafe.Pointer(&a.r))
	eb := (*[2]unsafe.Pointer)(unsafe.Pointer(&b.r))
	return a.n == b.n && ea[0] == eb[0] && ea[1] == eb[1]
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func pair(a, b uint64) uint64 { return splitmix(a ^ splitmix(b)) }

func (f *fingerprinter) mix(x uint64) {
	f.h ^= x
	f.h *= 1099511628211
}

// ref mixes in the name of the node at p, reaching it if it is new, and
// its address into the shape.
func (f *fingerprinter) ref(p unsafe.Pointer, kind uint8) {
	f.pos++
	if p == nil {
		f.mix(0)
		return
	}
	f.s = pair(f.s, pair(f.pos, uint64(uintptr(p))))
	var i int32
	var ok bool
	if u := uintptr(p); u >= f.gbase && u < f.gend {
		i, ok = int32((u-f.gbase)/unsafe.Sizeof(value{})), true
	} else {
		i, ok = f.ids[p]
	}
	switch {
	case ok:
	case f.strict:
		f.broken = true
		return
	default:
		i = int32(len(f.nodes))
		f.nodes = append(f.nodes, fpNode{p: p, kind: kind, region: f.region})
		f.ids[p] = i
	}
	f.mix(uint64(i + 1))
}

// run mixes in the names of the words of s up to its capacity.
func (f *fingerprinter) run(s []value) {
	f.pos++
	if cap(s) == 0 {
		f.mix(0)
		return
	}
	s = s[:cap(s)]
	key := [2]uintptr{uintptr(unsafe.Pointer(&s[0])), uintptr(len(s))}
	f.s = pair(f.s, pair(f.pos, pair(uint64(key[0]), uint64(key[1]))))
	if h, ok := f.runs[key]; ok {
		f.mix(h)
		return
	}
	h, sh, pos := f.h, f.s, f.pos
	f.h = fnvOffset
	for k := range s {
		f.ref(unsafe.Pointer(&s[k]), nWord)
	}
	words := f.h
	f.h, f.s, f.pos = h, sh, pos
	if !f.broken {
		f.runs[key] = words
	}
	f.mix(words)
}

// content hashes node i's contents.
func (f *fingerprinter) content(i int32) {
	n := f.nodes[i]
	f.mix(uint64(n.kind))
	switch n.kind {
	case nWord:
		v := *(*value)(n.p)
		if int(i) >= len(f.frozen) || !f.frozen[i] { // (the globals' cells are the first nodes)
			f.val(v, true)
		}
		f.nodes[i].last = v
	case nChan:
		r := (*chanV)(n.p)
		f.mix(uint64(r.cap))
		f.mix(boolVal(r.closed).n)
		f.values(r.buf)
		f.queue(r.recvq)
		f.queue(r.sendq)
	case nMap:
		r := (*mapV)(n.p)
		f.nodes[i].ver = r.ver
		f.mix(uint64(r.live))
		for _, e := range r.entries {
			if !e.dead {
				f.val(e.k, false)
				f.val(e.v, false)
			}
		}
	case nClosure:
		r := (*closure)(n.p)
		f.fn(r.fn)
		f.values(r.bindings)
	case nIface:
		r := (*iface)(n.p)
		f.mix(uint64(uintptr(unsafe.Pointer(r.t))))
		f.val(r.v, false)
	case nMutex:
		r := (*mutexState)(n.p)
		f.mix(boolVal(r.locked).n)
		f.mix(uint64(r.readers))
	case nWG:
		r := (*wgState)(n.p)
		f.mix(uint64(r.n))
		f.mix(uint64(r.gen))
		f.mix(uint64(r.blocked))
		// The generation each waiter waits to end, by goroutine.
		for _, g := range f.m.gs {
			if gen, ok := r.waiters[g]; ok {
				f.mix(uint64(g.id))
				f.mix(uint64(gen))
			}
		}
	case nNotify:
		r := (*notifyState)(n.p)
		f.mix(uint64(r.wait))
		f.mix(uint64(r.notify))
	case nPcInfo: // a runtime.Func (linkname.go)
		r := (*pcInfo)(n.p)
		f.fn(r.fn)
		f.str(r.name)
		f.str(r.file)
		f.mix(uint64(r.line))
	case nSyncMap:
		f.val(value{r: (*syncMapState)(n.p).m}, false)
	case nTest:
		if ts := f.m.tests[uintptr(n.p)]; ts != nil {
			f.test(ts)
		}
	}
}

// Keys of roots.
const (
	keyGlobal = 1 + iota
	keyFrame
	keyDefer
	keyPending
	keyPanic
	keyTimer
)

// rootKey names a root: its kind, goroutine (or index), level in the
// stack and slot, packed when they fit (they nearly always do).
func rootKey(kind, a, b, c uint64) uint64 {
	if a < 1<<20 && b < 1<<16 && c < 1<<24 {
		return kind<<60 | a<<40 | b<<24 | c
	}
	return pair(pair(pair(kind|1<<63, a), b), c)
}

// enumerate lists this call's roots in f.cur, in the order of the walk,
// and hashes the rest of the goroutines' state and the clock.
func (f *fingerprinter) enumerate() uint64 {
	root := func(key uint64, v value) { f.cur = append(f.cur, fpRoot{key: key, v: v}) }
	f.cur = f.cur[:0]
	f.begin()
	stack := f.stack[:0]
	defer func() { f.stack = stack[:0] }()
	for _, g := range f.m.gs {
		id := uint64(g.id)
		f.mix(id)
		f.mix(uint64(g.state))
		if g.state == gDone {
			continue
		}
		stack = stack[:0]
		for fr := g.top; fr != nil; fr = fr.caller {
			stack = append(stack, fr)
		}
		slices.Reverse(stack)
		for level, fr := range stack {
			f.fn(fr.fn)
			f.mix(uint64(fr.pc))
			f.mix(boolVal(fr.unwinding).n)
			f.mix(boolVal(fr.boundary).n)
			f.deferCall(g, fr.deferCall)
			f.mix(uint64(len(fr.defers)))
			f.mix(uint64(len(fr.regs)))
			for k, d := range fr.defers {
				root(rootKey(keyDefer, id, uint64(level), uint64(k)), d.fn)
				for a, v := range d.args {
					root(rootKey(keyDefer, id, uint64(level), uint64(k)<<12|uint64(a+1)), v)
				}
			}
			for r, v := range fr.regs {
				root(rootKey(keyFrame, id, uint64(level), uint64(r)), v)
			}
		}
		if d := &g.pending; g.state == gPending {
			f.mix(uint64(d.wait))
			f.mix(uint64(d.pos))
			f.mix(uint64(d.kind))
			f.mix(uint64(d.wake)) // a sleep's deadline, set when it began
			f.mix(boolVal(d.write).n)
			f.mix(boolVal(g.stopClock != f.m.clockMoves).n) // a close may wake it (chanClose)
			f.mix(boolVal(d.ready == nil).n)                // a select a close left its send case alone (chanClose)
			root(rootKey(keyPending, id, 0, 0), object(d.obj))
			root(rootKey(keyPending, id, 1, 0), object(d.addr))
		}
		f.mix(uint64(g.wake))
		f.mix(uint64(g.clockReads))
		k := uint64(0)
		for p := g.panic; p != nil; p = p.link {
			for _, b := range []bool{p.recovered, p.goexit, p.repanic} {
				f.mix(boolVal(b).n)
			}
			root(rootKey(keyPanic, id, k, 0), p.val)
			k++
		}
		f.mix(k)
	}
	for k, t := range f.m.timers {
		if !t.active {
			continue
		}
		f.mix(uint64(k))
		f.mix(uint64(t.when))
		f.mix(uint64(t.period))
		root(rootKey(keyTimer, uint64(k), 0, 0), value{r: t.ch})
		root(rootKey(keyTimer, uint64(k), 1, 0), value{r: t.fn})
	}
	f.mix(uint64(f.m.now))
	f.mix(uint64(f.m.clockReads))
	return f.h
}

// object is the object a pending operation works on, as a value: memory,
// or a model's state (a mutex, a channel).
func object(x any) value {
	switch x.(type) {
	case *value, *chanV, *mapV, *mutexState, *wgState, *notifyState, *syncMapState:
		return value{r: x}
	}
	return value{}
}

// deferCall hashes the panic a deferred call may recover: one of its
// goroutine's, by its place in the chain.
func (f *fingerprinter) deferCall(g *goroutine, p *panicRec) {
	if p == nil {
		f.mix(0)
		return
	}
	k := uint64(1)
	for q := g.panic; q != nil && q != p; q = q.link {
		k++
	}
	f.mix(k)
}

// sides hashes the model state kept beside memory, by the cell it
// belongs to (sync.Pool's items, io.Pipe's halves), for the cells the
// walk reached, in the order it reached them; what that reaches is
// walked, and may have pools and pipes of its own. It is walked afresh
// at each call (see hash).
func (f *fingerprinter) sides() uint64 {
	type entry struct {
		id   int32
		pool *poolState
		pipe *pipeState
	}
	f.begin()
	if len(f.m.pools) == 0 && len(f.m.pipes) == 0 {
		return f.h
	}
	done := map[int32]bool{}
	for {
		var es []entry
		for c, s := range f.m.pools {
			if i, ok := f.ids[unsafe.Pointer(c)]; ok && !done[i] {
				es = append(es, entry{id: i, pool: s})
			}
		}
		for c, p := range f.m.pipes {
			if i, ok := f.ids[unsafe.Pointer(c)]; ok && !done[i] {
				es = append(es, entry{id: i, pipe: p})
			}
		}
		if len(es) == 0 {
			return f.h
		}
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.id, b.id) })
		for _, e := range es {
			done[e.id] = true
			f.mix(uint64(e.id + 1))
			if e.pool != nil {
				f.values(e.pool.items)
			} else {
				f.pipe(e.pipe)
			}
		}
		h := f.h
		f.drain()
		f.h = h
	}
}

func (f *fingerprinter) pipe(p *pipeState) {
	for _, b := range []bool{p.offered, p.rclosed, p.wclosed} {
		f.mix(boolVal(b).n)
	}
	f.values(p.data)
	f.mix(uint64(p.taken))
	if p.writer != nil {
		f.mix(uint64(p.writer.id))
	}
	f.val(p.rerr, false)
	f.val(p.werr, false)
	for _, g := range f.m.gs {
		if op, ok := p.writeOps[g]; ok {
			f.mix(uint64(g.id))
			f.mix(boolVal(op.offered).n)
		}
	}
}

// fn hashes a function by its SSA function, shared by the machines of a
// program (the few made per machine, like the boot function, by name).
func (f *fingerprinter) fn(fn *function) {
	if fn == nil {
		f.mix(0)
	} else if fn.ssa != nil {
		f.mix(uint64(uintptr(unsafe.Pointer(fn.ssa))))
	} else {
		f.str(fn.name)
	}
}

func (f *fingerprinter) str(s string) {
	f.mix(uint64(len(s)))
	for i := 0; i < len(s); i++ {
		f.mix(uint64(s[i]))
	}
}

func (f *fingerprinter) values(vs []value) {
	f.mix(uint64(len(vs)))
	for _, v := range vs {
		f.val(v, false)
	}
}

// val hashes v: scalars and strings by value, references by the name of
// the node they refer to, a slice by the names of its array's words up to
// its capacity, and a struct or array by its words if it is in memory
// (mem: the value of a word, whose fields pointers may point to) or else
// by its contents.
func (f *fingerprinter) val(v value, mem bool) {
	f.mix(v.n)
	switch r := v.r.(type) {
	case nil:
		f.mix(1)
	case string:
		f.mix(2)
		f.str(r)
	case *value:
		f.mix(3)
		f.ref(unsafe.Pointer(r), nWord)
	case agg:
		f.mix(4)
		f.mix(uint64(len(r)))
		if mem {
			f.mix(uint64(cap(r)))
			f.run(r)
			return
		}
		for _, x := range r {
			f.val(x, false)
		}
	case []value:
		f.mix(5)
		f.mix(boolVal(r == nil).n)
		f.mix(uint64(len(r)))
		f.mix(uint64(cap(r)))
		f.run(r)
	case *chanV:
		f.mix(6)
		f.ref(unsafe.Pointer(r), nChan)
	case *mapV:
		f.mix(7)
		f.ref(unsafe.Pointer(r), nMap)
	case *closure:
		f.mix(8)
		f.ref(unsafe.Pointer(r), nClosure)
	case *iface:
		f.mix(9)
		f.ref(unsafe.Pointer(r), nIface)
	case *mutexState:
		f.mix(10)
		f.ref(unsafe.Pointer(r), nMutex)
	case *wgState:
		f.mix(11)
		f.ref(unsafe.Pointer(r), nWG)
	case *notifyState:
		f.mix(12)
		f.ref(unsafe.Pointer(r), nNotify)
	case reflect.Value:
		f.mix(13)
		f.vol = true
		f.native(r)
	case *syncMapState:
		f.mix(14)
		f.ref(unsafe.Pointer(r), nSyncMap)
	case *pcInfo:
		f.mix(15)
		f.ref(unsafe.Pointer(r), nPcInfo)
	case complex128:
		f.mix(16)
		f.mix(math.Float64bits(real(r)))
		f.mix(math.Float64bits(imag(r)))
	default:
		// Unknown: equal only to itself (see StateHash).
		f.vol = true
		f.str(fmt.Sprintf("%T", r))
		rv := reflect.ValueOf(r)
		switch rv.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
			f.mix(uint64(rv.Pointer()))
		default:
			f.str(fmt.Sprint(r))
		}
	}
}

// queue hashes a channel's queue of goroutines stopped before an
// operation on it, in order: a partner takes the first (partner).
func (f *fingerprinter) queue(q []*sudog) {
	f.mix(uint64(len(q)))
	for _, s := range q {
		f.mix(uint64(s.g.id))
		f.mix(boolVal(s.send).n)
		f.mix(uint64(s.caseIdx))
		f.val(s.val, false)
	}
}

// native hashes a value of native memory (a struct of the bridge, such
// as a time.Time, or a pointer to native memory) by its contents: scalars
// by value, structs, arrays and interfaces by their parts, and references
// by address and what they point to, one level deep, except a
// *testing.T, which is a node hashed by its test's state (a machine makes
// its own).
func (f *fingerprinter) native(rv reflect.Value) {
	if !rv.IsValid() {
		f.mix(0)
		return
	}
	f.mix(uint64(reflect.ValueOf(rv.Type()).Pointer()))
	switch rv.Kind() {
	case reflect.Bool:
		f.mix(boolVal(rv.Bool()).n)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.mix(uint64(rv.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		f.mix(rv.Uint())
	case reflect.Float32, reflect.Float64:
		f.mix(math.Float64bits(rv.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := rv.Complex()
		f.mix(math.Float64bits(real(c)))
		f.mix(math.Float64bits(imag(c)))
	case reflect.String:
		f.str(rv.String())
	case reflect.Struct:
		for i := range rv.NumField() {
			f.native(rv.Field(i))
		}
	case reflect.Array:
		for i := range rv.Len() {
			f.native(rv.Index(i))
		}
	case reflect.Interface:
		f.native(rv.Elem())
	case reflect.Slice:
		f.mix(uint64(rv.Pointer()))
		f.mix(uint64(rv.Len()))
		f.mix(uint64(rv.Cap()))
	default: // pointer, map, chan, func, unsafe.Pointer
		p := rv.UnsafePointer()
		if f.m.tests[uintptr(p)] != nil {
			f.ref(p, nTest)
			return
		}
		f.mix(uint64(uintptr(p)))
		if rv.Kind() == reflect.Pointer && !f.deep && p != nil {
			f.deep = true
			f.native(rv.Elem())
			f.deep = false
		}
	}
}

// test hashes the state of a test (its *testing.T).
func (f *fingerprinter) test(ts *testState) {
	f.str(ts.name)
	for _, b := range []bool{ts.failed, ts.skipped, ts.done, ts.parallel, ts.denyParallel, ts.pausing, ts.bodyDone, ts.cleanupStarted} {
		f.mix(boolVal(b).n)
	}
	f.mix(uint64(len(ts.cleanups)))
	for _, c := range ts.cleanups {
		f.val(value{r: c.cl}, false)
	}
	f.mix(uint64(len(ts.parallelSubs)))
	f.val(ts.ctx, false)
	f.val(ts.cancel, false)
	f.mix(uint64(ts.tempSeq))
}
