package ssainterp

import (
	"fmt"
	"go/token"
)

// Shared memory: with Config.SharedPoints, a load or store of memory that
// more than one goroutine has touched is a visible operation, so a
// scheduler can interleave plain accesses; with Config.Races, every
// access to memory is checked against Go's happens-before order with
// vector clocks, in the style of FastTrack (Flanagan and Freund, PLDI
// 2009): the last write is an epoch, reads are epochs per goroutine.
//
// Memory is tracked per cell (a variable, a struct field, a slice or
// array element), and a map as a whole. Tracking starts when the second
// goroutine does: what one goroutine did before that happens before
// everything the others do. A cell belongs to the goroutine that
// allocated it (memory that existed when tracking started, to the
// goroutine that started the second one) until another goroutine touches
// it; from then on it is shared.
//
// Happens-before edges: a go statement orders the parent's past before
// the child; every synchronisation operation on an object (channel,
// mutex, wait group, atomic variable, sync.Map, condition, a subtest)
// joins the object's clock into the goroutine's and publishes the result
// back, as if the object were a lock. That orders more than Go's memory
// model requires for some channel patterns, so a race can be missed but
// never invented.

// vclock is a vector clock indexed by goroutine id.
type vclock []uint32

func (v vclock) get(id int) uint32 {
	if id < len(v) {
		return v[id]
	}
	return 0
}

func (v vclock) join(o vclock) vclock {
	for len(v) < len(o) {
		v = append(v, 0)
	}
	for i, c := range o {
		v[i] = max(v[i], c)
	}
	return v
}

func (v vclock) tick(id int) vclock {
	for len(v) <= id {
		v = append(v, 0)
	}
	v[id]++
	return v
}

func (v vclock) clone() vclock { return append(vclock(nil), v...) }

// access is one memory access remembered for race reports.
type access struct {
	g   int
	clk uint32
	pos token.Pos
	fn  *function
}

// shadow is what is known of one cell's accesses.
type shadow struct {
	owner int // the only goroutine that touched it; -1 once shared
	w     access
	reads []access // the latest read of each goroutine since the last write
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
		m.shadows = map[any]*shadow{}
		m.syncClocks = map[any]vclock{}
		m.firstOwner = parent.id
		parent.vc = parent.vc.tick(parent.id)
	}
	child.vc = parent.vc.clone().tick(child.id)
	parent.vc = parent.vc.tick(parent.id)
}

// allocated records that goroutine g allocated cell c, with the fields
// or elements of a struct or array in it (up to a bound: cells past it
// count as memory of the first goroutine, which only costs choice points).
func (m *Machine) allocated(g *goroutine, c *value) {
	m.shadows[c] = &shadow{owner: g.id}
	if a, ok := c.r.(agg); ok {
		for i := range a[:min(len(a), maxRegistered)] {
			m.allocated(g, &a[i])
		}
	}
}

// maxRegistered bounds the elements registered per allocation.
const maxRegistered = 1 << 14

// allocatedSlice records that g allocated the backing array of s.
func (m *Machine) allocatedSlice(g *goroutine, s []value) {
	s = s[:min(cap(s), maxRegistered)]
	for i := range s {
		m.allocated(g, &s[i])
	}
}

// syncWith is a synchronisation of g on obj (see the package comment).
func (m *Machine) syncWith(g *goroutine, obj any) {
	if !m.watch || obj == nil {
		return
	}
	g.vc = g.vc.join(m.syncClocks[obj])
	m.syncClocks[obj] = g.vc.clone()
	g.vc = g.vc.tick(g.id)
}

// memAccess handles an access of goroutine fr.g to the memory key (a
// *value cell or a *mapV). It returns true when the goroutine must stop
// before the access (a visible operation); otherwise it checks the access
// for a race and records it.
func (m *Machine) memAccess(fr *frame, key any, write bool) (stop bool) {
	return m.memAccessMaybeStop(fr, key, write, !fr.fn.quiet)
}

func (m *Machine) memAccessMaybeStop(fr *frame, key any, write, mayStop bool) (stop bool) {
	g := fr.g
	sh := m.shadows[key]
	if sh == nil {
		sh = &shadow{owner: m.firstOwner}
		m.shadows[key] = sh
	}
	if sh.owner != g.id {
		sh.owner = -1
	}
	if mayStop && sh.owner == -1 && m.cfg.SharedPoints && g.nested == 0 {
		what := "read"
		if write {
			what = "write"
		}
		if !m.visible(fr, opDesc{kind: opMem, what: what, addr: key, write: write}) {
			return true
		}
	}
	if !m.cfg.Races {
		return false
	}
	cur := access{g: g.id, clk: g.vc.get(g.id), pos: fr.fn.posAt(fr.pc - 1), fn: fr.fn}
	_, isMap := key.(*mapV)
	if concurrent(sh.w, g) {
		msg := "concurrent map read and map write"
		if write {
			msg = "concurrent map writes"
		}
		m.raceFound(fr, isMap, msg, write, sh.w, true)
		return false
	}
	if write {
		for _, r := range sh.reads {
			if concurrent(r, g) {
				m.raceFound(fr, isMap, "concurrent map read and map write", true, r, false)
				return false
			}
		}
		sh.w = cur
		sh.reads = sh.reads[:0]
		return false
	}
	for i, r := range sh.reads {
		if r.g == g.id {
			sh.reads[i] = cur
			return false
		}
	}
	sh.reads = append(sh.reads, cur)
	return false
}

// memBulk handles an operation that reads the cells in reads and writes
// those in writes (copy, append): one visible operation for all of them
// when any is shared, then a race check of each.
func (m *Machine) memBulk(fr *frame, reads, writes []value) (stop bool) {
	g := fr.g
	shared := func(cells []value) any {
		for i := range cells {
			if sh := m.shadows[&cells[i]]; sh == nil && m.firstOwner != g.id || sh != nil && sh.owner != g.id {
				return &cells[i]
			}
		}
		return nil
	}
	if m.cfg.SharedPoints && g.nested == 0 {
		key, write := shared(writes), true
		if key == nil {
			key, write = shared(reads), false
		}
		if key != nil {
			what := "read"
			if write {
				what = "write"
			}
			if !m.visible(fr, opDesc{kind: opMem, what: what, addr: key, write: write}) {
				return true
			}
		}
	}
	for i := range reads {
		m.memAccessMaybeStop(fr, &reads[i], false, false)
	}
	for i := range writes {
		m.memAccessMaybeStop(fr, &writes[i], true, false)
	}
	return false
}

// concurrent reports whether access a is not ordered before g's present.
func concurrent(a access, g *goroutine) bool {
	return a.g != 0 && a.g != g.id && a.clk > g.vc.get(a.g)
}

// raceFound ends the execution with a data race report.
func (m *Machine) raceFound(fr *frame, isMap bool, mapMsg string, write bool, prev access, prevWrite bool) {
	cur := RaceAccess{Write: write, Goroutine: fr.g.id, Pos: m.prog.shortPos(fr.fn.posAt(fr.pc - 1)),
		Func: fr.fn.goName(), Stack: m.goroutineTrace(fr.g)}
	p := RaceAccess{Write: prevWrite, Goroutine: prev.g, Pos: m.prog.shortPos(prev.pos), Func: prev.fn.goName()}
	r := &Race{Current: cur, Previous: p}
	if isMap {
		r.Message = mapMsg
	} else {
		r.Message = fmt.Sprintf("%s at %s by goroutine %d races with %s at %s by goroutine %d",
			accessWord(write), cur.Pos, cur.Goroutine, accessWord(prevWrite), p.Pos, p.Goroutine)
	}
	if m.cfg.RecordRaces {
		m.races = append(m.races, r)
		return
	}
	m.race = r
	m.exited = true
	panic(&exitSignal{0})
}

// Races returns the races recorded with Config.RecordRaces.
func (m *Machine) Races() []*Race { return m.races }

func accessWord(write bool) string {
	if write {
		return "write"
	}
	return "read"
}

// Race returns the data race that ended the execution, or nil.
func (m *Machine) Race() *Race { return m.race }
