package ssainterp

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"
)

// mapV is an interpreted map. Entries are kept in insertion order; the
// order of iteration is a rotation of that order chosen by the machine's
// seed, so it is deterministic per execution yet not insertion order.
type mapV struct {
	kt, vt  *rtype
	ints    map[uint64]*entry // keys of integer, bool and pointer-free scalar kinds
	others  map[any]*entry
	entries []*entry
	live    int
	slab    []entry // where new entries are cut from (newEntry)
	m       *Machine
	ver     uint64 // changes of the entries, for StateHash (fingerprint.go)
}

type entry struct {
	k, v value
	dead bool
}

func newMap(mt *rtype, m *Machine) *mapV {
	mp := &mapV{kt: mt.key, vt: mt.elem, m: m}
	if mt.key.kind.isInt() || mt.key.kind == kBool {
		mp.ints = map[uint64]*entry{}
	} else {
		mp.others = map[any]*entry{}
	}
	return mp
}

func (mp *mapV) find(k value) *entry {
	if mp == nil {
		return nil
	}
	if mp.ints != nil {
		return mp.ints[k.n]
	}
	return mp.others[keyOf(mp.kt, k)]
}

func (mp *mapV) get(k value) (value, bool) {
	e := mp.find(k)
	if e == nil {
		return value{}, false
	}
	return e.v, true
}

func (mp *mapV) set(k, v value) {
	mp.ver++
	if mp.ints != nil {
		if e := mp.ints[k.n]; e != nil {
			e.v = v
			return
		}
		e := mp.newEntry(k, v)
		mp.ints[k.n] = e
		mp.add(e)
		return
	}
	hk := keyOf(mp.kt, k)
	if e := mp.others[hk]; e != nil {
		e.v = v
		return
	}
	e := mp.newEntry(k, v)
	mp.others[hk] = e
	mp.add(e)
}

// entrySlab bounds the entries allocated together: a slab stays alive
// while any of its entries is in the map, so a map that churns keeps at
// most this many dead entries per live one.
const entrySlab = 64

// newEntry returns a new entry, cut from the map's slab.
func (mp *mapV) newEntry(k, v value) *entry {
	if len(mp.slab) == cap(mp.slab) {
		mp.slab = make([]entry, 0, min(max(4, 2*cap(mp.slab)), entrySlab))
	}
	mp.slab = append(mp.slab, entry{k: k, v: v})
	return &mp.slab[len(mp.slab)-1]
}

func (mp *mapV) add(e *entry) {
	if mp.m != nil {
		// A new key: charged to the execution (alloc.go).
		mp.m.alloc(mapEntryBytes + hostSize(mp.kt) + hostSize(mp.vt))
	}
	mp.entries = append(mp.entries, e)
	mp.live++
}

func (mp *mapV) delete(k value) {
	if mp == nil {
		return
	}
	var e *entry
	if mp.ints != nil {
		e = mp.ints[k.n]
		delete(mp.ints, k.n)
	} else {
		hk := keyOf(mp.kt, k)
		e = mp.others[hk]
		delete(mp.others, hk)
	}
	if e == nil {
		return
	}
	mp.ver++
	e.dead = true
	mp.live--
	if len(mp.entries) > 32 && mp.live < len(mp.entries)/2 {
		// Compact into a new array: iterators hold the old one.
		live := make([]*entry, 0, mp.live)
		for _, e := range mp.entries {
			if !e.dead {
				live = append(live, e)
			}
		}
		mp.entries = live
	}
}

func (mp *mapV) clear() {
	if mp == nil {
		return
	}
	mp.ver++
	for _, e := range mp.entries {
		e.dead = true
	}
	mp.entries = nil
	mp.live = 0
	if mp.ints != nil {
		clear(mp.ints)
	} else {
		clear(mp.others)
	}
}

func (mp *mapV) len() int {
	if mp == nil {
		return 0
	}
	return mp.live
}

// ifaceKey is the hash key of an interface value.
type ifaceKey struct {
	t *rtype
	k any
}

// nanKey makes every NaN key distinct, as in Go.
type nanKey struct{ id *int }

// iterStart is where an iteration over n entries starts, at random as
// Go's does. One entry (or none) draws nothing from the seeded generator:
// a package initialisation that ranges over a map of one entry (text/
// template's Parse does) can still be kept as a snapshot (initsnap.go).
func (m *Machine) iterStart(n int) int {
	if n <= 1 {
		return 0
	}
	return m.rng.IntN(n)
}

// keyOf maps a value of type kt to a comparable host key with Go's map
// equality: +0 == -0, NaN != NaN, interfaces compare type and value.
func keyOf(kt *rtype, v value) any {
	switch kt.kind {
	case kString:
		return v.str()
	case kFloat32, kFloat64:
		f := v.float()
		if f != f {
			return nanKey{new(int)}
		}
		if f == 0 {
			f = 0 // fold -0
		}
		return math.Float64bits(f)
	case kComplex64, kComplex128:
		c := v.cplx()
		if c != c {
			return nanKey{new(int)}
		}
		return c
	case kInterface:
		i, _ := v.r.(*iface)
		if i == nil {
			return nil
		}
		if !i.t.comparable() {
			throwRuntime("hash of unhashable type " + i.t.name)
		}
		return ifaceKey{i.t, keyOf(i.t, i.v)}
	case kPointer, kUnsafePointer, kChan, kFunc:
		if isNilRef(v.r) {
			return nil
		}
		return v.r
	case kStruct, kArray:
		var b strings.Builder
		aggKey(&b, kt, v)
		return b.String()
	case kNative:
		return nativeKey(v.r.(reflect.Value))
	}
	return v.n
}

func aggKey(b *strings.Builder, t *rtype, v value) {
	switch t.kind {
	case kStruct:
		for i, f := range t.fields {
			aggKey(b, f, v.agg()[i])
		}
	case kArray:
		for _, e := range v.agg() {
			aggKey(b, t.elem, e)
		}
	default:
		writeKey(b, keyOf(t, v))
		b.WriteByte('|')
	}
}

// writeKey writes key k of a part of an aggregate so that distinct keys
// write distinct text: strings quoted, interfaces with their type,
// pointers as addresses (not their pointees), values of bridged types in
// Go syntax.
func writeKey(b *strings.Builder, k any) {
	switch k := k.(type) {
	case string:
		b.WriteString(strconv.Quote(k))
	case ifaceKey:
		fmt.Fprintf(b, "%p{", k.t)
		writeKey(b, k.k)
		b.WriteByte('}')
	case nanKey:
		fmt.Fprintf(b, "NaN%p", k.id)
	case nil, uint64, complex128, constAddr:
		fmt.Fprintf(b, "%v", k)
	case reflect.Value: // a pointer into native memory
		fmt.Fprintf(b, "%#x", k.Pointer())
	default:
		if reflect.TypeOf(k).Kind() == reflect.Pointer { // a cell, a channel, a closure...
			fmt.Fprintf(b, "%T%p", k, k)
		} else { // a value of a bridged type (nativeKey)
			fmt.Fprintf(b, "%T%#v", k, k)
		}
	}
}

// mapIter iterates over a snapshot of a map's entries.
type mapIter struct {
	m       *mapV // the map, whose each step is a read (as Go's mapiternext)
	entries []*entry
	start   int
	i       int
}

// nextEntry advances a map iteration to the next live entry (nil: done).
func (it *mapIter) nextEntry() *entry {
	for it.i < len(it.entries) {
		e := it.entries[(it.start+it.i)%len(it.entries)]
		it.i++
		if !e.dead {
			return e
		}
	}
	return nil
}

// strIter iterates over a string's runes.
type strIter struct {
	s string
	i int
}

func (c *compiler) rangeOp(ins *ssa.Range) op {
	x, d := c.slot(ins.X), c.slots[ins]
	if c.rt(ins.X.Type()).kind == kString {
		return func(fr *frame) *frame {
			fr.regs[d] = value{r: &strIter{s: fr.regs[x].str()}}
			return fr
		}
	}
	return func(fr *frame) *frame {
		mp, _ := fr.regs[x].r.(*mapV)
		if mp != nil && fr.g.m.watch && fr.g.m.memAccess(fr, mp, false) {
			fr.pc--
			return nil
		}
		it := &mapIter{m: mp}
		if mp != nil && len(mp.entries) > 0 {
			it.entries = mp.entries
			it.start = fr.g.m.iterStart(len(mp.entries))
		}
		fr.regs[d] = value{r: it}
		return fr
	}
}

func (c *compiler) next(ins *ssa.Next) op {
	it, d := c.slot(ins.Iter), c.slots[ins]
	if ins.IsString {
		return func(fr *frame) *frame {
			si := fr.regs[it].r.(*strIter)
			if si.i >= len(si.s) {
				fr.regs[d] = value{r: agg{{}, {}, {}}}
				return fr
			}
			r, w := utf8.DecodeRuneInString(si.s[si.i:])
			fr.regs[d] = value{r: agg{{n: 1}, {n: uint64(si.i)}, {n: uint64(r)}}}
			si.i += w
			return fr
		}
	}
	return func(fr *frame) *frame {
		iter := fr.regs[it].r.(*mapIter)
		if iter.m != nil && iter.i < len(iter.entries) && fr.g.m.watch && fr.g.m.memAccess(fr, iter.m, false) {
			fr.pc--
			return nil
		}
		if e := iter.nextEntry(); e != nil {
			fr.regs[d] = value{r: agg{{n: 1}, copyVal(e.k), copyVal(e.v)}}
			return fr
		}
		fr.regs[d] = value{r: agg{{}, {}, {}}}
		return fr
	}
}
