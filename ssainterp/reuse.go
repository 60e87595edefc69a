package ssainterp

import (
	"math/rand/v2"
	"reflect"
	"sync"
)

// Storage reused across executions. An exploration runs thousands of
// machines of one program, one after the other on each worker; what a
// machine allocates for its own bookkeeping (the Machine itself, frames,
// the argument stack, the race detector's shadow words, access records
// and vector clocks, goroutine records, tuples, the seeded generator) is
// the same from one execution to the next. A machine cuts it from arenas,
// and Release hands the machine, emptied but for that storage, to the
// next NewMachine of the program, which resets the arenas instead of
// allocating anew (the way loom and shuttle keep their model objects in a
// per-execution arena). What the program itself allocates (cells,
// slices, maps, channels, globals) is never reused: a strategy may keep
// such objects (Access) past the execution.
//
// Inv: nothing outside the machine refers to a machine or its arena
// storage once it is released: shadows, clocks and goroutine records are
// the machine's private state, reported only as copies (Race,
// Goroutine). A caller that looks at a machine after its execution (dfs
// asks how it ended at its next NewExecution) releases it only after
// that (sched's machineSlot).

// arena hands out values of T from chunks of chunk elements. reset makes
// every chunk available again.
// Inv: chunks[cur][used:] and the chunks after cur are zero.
type arena[T any] struct {
	chunks [][]T
	cur    int // the chunk handed out from; len(chunks) when none
	used   int // elements of chunks[cur] handed out
}

// new returns a zeroed element.
func (a *arena[T]) new(chunk int) *T {
	if a.cur >= len(a.chunks) || a.used == len(a.chunks[a.cur]) {
		a.next(chunk)
	}
	p := &a.chunks[a.cur][a.used]
	a.used++
	return p
}

// slice returns an empty slice with room for n zero elements, for a
// slice that the caller appends to: when it outgrows its room, it asks
// for a larger one (and the old room is lost until reset).
func (a *arena[T]) slice(n, chunk int) []T {
	if n > chunk/4 {
		return make([]T, 0, n) // large: not worth a chunk's space
	}
	if a.cur >= len(a.chunks) || a.used+n > len(a.chunks[a.cur]) {
		a.next(chunk)
	}
	s := a.chunks[a.cur][a.used : a.used : a.used+n]
	a.used += n
	return s
}

// next moves to the next chunk, allocating it on first use.
func (a *arena[T]) next(chunk int) {
	if a.cur < len(a.chunks) {
		a.cur++
	}
	if a.cur == len(a.chunks) {
		a.chunks = append(a.chunks, make([]T, chunk))
	}
	a.used = 0
}

// reset makes every chunk available again, cleared (so that the next
// machine finds them zero, and they keep nothing of this one alive). It
// keeps at most maxKeptChunks: an execution that needed gigabytes of
// bookkeeping must not leave them to the executions after it.
func (a *arena[T]) reset() {
	for i := 0; i < a.cur && i < len(a.chunks); i++ {
		clear(a.chunks[i])
	}
	if a.cur < len(a.chunks) {
		clear(a.chunks[a.cur][:a.used])
	}
	if len(a.chunks) > maxKeptChunks {
		clear(a.chunks[maxKeptChunks:])
		a.chunks = a.chunks[:maxKeptChunks:maxKeptChunks]
	}
	a.cur, a.used = 0, 0
}

// maxKeptChunks bounds the chunks an arena keeps for the next machine.
const maxKeptChunks = 1 << 10

// Chunk sizes of the machine's arenas, in elements.
const (
	shadowChunk    = 64
	accessChunk    = 128
	clockChunk     = 512
	goroutineChunk = 16
)

// machineStore is the storage of a machine that the next machine of its
// program takes over (Release, NewMachine).
type machineStore struct {
	frames      []*frame // released frames (see handOnFrames)
	pools       []*framePool
	touched     []*frame
	argStack    []value
	gs          []*goroutine
	live        []*goroutine
	shadows     map[any]*shadow
	cellShadows map[*value]*shadow
	syncClocks  map[any]*objClock
	arenas      machineArenas
	rng         *rand.Rand // reseeded
	pcg         *rand.PCG
	outMu       *sync.Mutex            // unlocked: closeOutputs waited for the pipes' copiers
	globals     []value                // zeroed
	testT       reflect.Value          // the root test's *testing.T (StartTest), zeroed
	tests       map[uintptr]*testState // emptied
}

// machineArenas are the arenas of a machine's bookkeeping.
type machineArenas struct {
	shadows     arena[shadow]
	shadowLists arena[shadowLists]
	accesses    arena[access]
	clocks      arena[uint32]   // vector clocks' entries
	clockRefs   arena[objClock] // the clocks of synchronisation objects
	goroutines  arena[goroutine]
	values      arena[value] // tuples, deferred calls' arguments (tuple)
}

func (a *machineArenas) reset() {
	a.shadows.reset()
	a.shadowLists.reset()
	a.accesses.reset()
	a.clocks.reset()
	a.clockRefs.reset()
	a.goroutines.reset()
	a.values.reset()
}

// maxReusedMap bounds the entries of a map handed on: clearing a map
// costs its capacity, which an unusually large execution would leave
// every later one to pay.
const maxReusedMap = 1 << 12

// Release ends m's life: it closes what the execution left open (output
// pipes, standard input, temporary directories: an execution cut short
// never reached Finish), and hands m, emptied but for its storage, to the
// next machine of its program (NewMachine). m must not be used afterwards,
// nor anything it returned that refers to it. Releasing is optional (a
// machine that is not released is collected), but an exploration that
// releases each machine allocates much less.
func (m *Machine) Release() {
	if m.released {
		return
	}
	m.closeOutputs()
	p := m.prog
	st := machineStore{rng: m.rng, pcg: m.pcg, outMu: m.outMu}
	st.frames, st.pools, st.touched = p.handOnFrames(m)
	clear(m.argStack[:cap(m.argStack)])
	st.argStack = m.argStack[:0]
	clear(m.gs[:cap(m.gs)])
	st.gs = m.gs[:0]
	clear(m.live[:cap(m.live)])
	st.live = m.live[:0]
	if len(m.shadows) <= maxReusedMap {
		clear(m.shadows)
		st.shadows = m.shadows
	}
	if len(m.cellShadows) <= maxReusedMap {
		clear(m.cellShadows)
		st.cellShadows = m.cellShadows
	}
	if len(m.syncClocks) <= maxReusedMap {
		clear(m.syncClocks)
		st.syncClocks = m.syncClocks
	}
	st.arenas = m.arenas
	st.arenas.reset()
	clear(m.globals)
	st.globals = m.globals
	if ts := m.testRoot; ts != nil {
		if tv, ok := ts.t.r.(reflect.Value); ok {
			tv.Elem().SetZero()
			st.testT = tv
		}
	}
	if len(m.tests) <= maxReusedMap {
		clear(m.tests)
		st.tests = m.tests
	}
	*m = Machine{prog: p, released: true} // (the program stays: a stale caller may ask for it)
	m.restore(&st)
	p.machines.Put(m)
}

// reusedMachine returns a released machine of p, or nil. The machine is
// the caller's alone (a function, not a method of p, so that the
// detectors of envgen/detect do not take it for p's shared state).
func reusedMachine(p *Program) *Machine {
	m, _ := p.machines.Get().(*Machine)
	if m != nil {
		m.released = false
	}
	return m
}

// restore gives m the storage st.
func (m *Machine) restore(st *machineStore) {
	m.free, m.argStack, m.gs, m.live = st.frames, st.argStack, st.gs, st.live
	m.framePools, m.touched = st.pools, st.touched
	m.shadows, m.cellShadows, m.syncClocks = st.shadows, st.cellShadows, st.syncClocks
	m.arenas = st.arenas
	m.rng, m.pcg, m.outMu = st.rng, st.pcg, st.outMu
	m.globals, m.spareTestT, m.tests = st.globals, st.testT, st.tests
}
