package ssainterp

import (
	"go/types"
	"reflect"
	"sort"
)

// unsafe over interpreted memory.
//
// Interpreted memory is cells (value), one per variable, field or
// element, typed by their Go type; a pointer is the cell. So unsafe works
// where the layouts of the two types agree on cells:
//
//   - unsafe.Pointer conversions between pointer types whose pointees
//     have the same representation (see sameLayout: named types and
//     their underlying types, 64-bit integers and float64, structs and
//     arrays of such parts, any pointers) keep the cell; a pointer to a
//     struct or array converted to a pointer to its first part's type
//     points to that part's cell; a pointer to an element converted to a
//     pointer to an array of them points into the elements.
//   - the headers of strings and slices: []byte <-> string, string or a
//     slice <-> a struct of (pointer, len[, cap]) or (string, cap), as
//     zero-copy conversions are written (*(*string)(unsafe.Pointer(&b))).
//     A string's bytes are immutable, so a conversion to or from a string
//     copies them; a slice made from a header aliases the elements. A
//     header's data address keeps the elements' type and size (the
//     address of element i is Data + i*size, as natively); a header whose
//     element type mcheck cannot know (read through an unsafe.Pointer of
//     unknown origin) is refused rather than read as bytes.
//   - unsafe.Add, and uintptr arithmetic converted back to a pointer,
//     within one allocation: the elements of an array or of a slice's
//     backing array, and the fields of a struct. Each allocation that a
//     program converts to uintptr gets a fake address range (addresses
//     of distinct allocations are far apart), so a uintptr round trip of
//     the same pointer, or of a pointer stepped within its allocation,
//     gives the cell back.
//   - unsafe.String, StringData, Slice and SliceData over such memory.
//   - the two words of an interface, read and written through a struct
//     of two words laid over an interface variable (unsafeiface.go), as
//     protobuf-go's reflection layer does: the type word a cell per
//     type, the data word the value itself for pointer-shaped types and
//     the boxed value inside the interface otherwise.
//   - a pointer to a struct whose static type is lost (converted to
//     unsafe.Pointer and passed on) keeps its type (typeHint), so that it
//     converts to a pointer to its first field, and back.
//   - a struct, array or word of fixed-size fields laid over the bytes
//     of a []byte or a byte array, (*T)(unsafe.Pointer(&b[i])) (or &a,
//     or either stepped by unsafe.Add or uintptr arithmetic), where
//     the pointer is only dereferenced: each load decodes the bytes
//     there and then, each store encodes into them (unsafebytes.go).
//   - the anonymous private mappings of syscall.Mmap and
//     golang.org/x/sys/unix.Mmap, allocations of bytes at page-aligned
//     addresses (mmap.go).
//
// Anything else is an mcheck error, "unsupported: unsafe ...", at the
// instruction's file and line: never a fake nil dereference, never an
// internal error.
//
// Files: unsafe.go (allocations, places and fake addresses, reading cells
// at an address), unsafeheader.go (string and slice headers, pointer
// conversions, hashing), unsafeiface.go (interface words, type words,
// header views), unsafebytes.go (plain data over bytes), unsafecompile.go
// (compiling unsafe conversions and unsafe.Add), mmap.go (mappings).

// unsafeState is a machine's record of the allocations unsafe code has
// looked into.
type unsafeState struct {
	places    map[*value]place        // cells placed in an allocation
	allocs    []*unsafeAlloc          // by increasing base
	byCell    map[*value]*unsafeAlloc // a whole-object allocation by its cell
	next      uintptr
	funcs     map[any]*value // see funcToken
	types     map[*rtype]*value
	typeOf    map[*value]*rtype        // see typeWord
	descFuncs map[[2]any]*closure      // see descriptorFunc
	reinterps map[*value][]*reinterp   // see reinterpret
	boxes     map[*value]*iface        // an interface by its data word (see dataWord)
	hints     map[*value]types.Type    // see typeHint
	mmaps     map[uintptr]*unsafeAlloc // the mappings not yet unmapped, by base (mmap.go)
	active    map[*value]*unsafeAlloc  // syscall.Mmap's mappings by their last byte (mmap.go)
	// regions holds the host memory of the mappings' cells, and
	// unmappedRegions says that the program unmapped one of them
	// (mmaphost_linux.go).
	regions         *hostRegions
	unmappedRegions bool
	reserved        uint64 // the mappings' address space, as mmap.go charges it
}

// unsafeAlloc is one allocation: the elements of an array or a slice's
// backing array (arr), or one object's cell (cell) of type t.
type unsafeAlloc struct {
	base  uintptr
	size  int64
	arr   []value
	etype types.Type // arr's element type
	esize int64
	cell  *value
	t     types.Type
	// mapped: a mapping (mmap.go), its cells in region if they are in
	// host memory; unmapped, once munmap released it, where it did.
	mapped   bool
	region   *hostRegion
	unmapped string
}

// place is where a cell is: its allocation and its byte offset there.
type place struct {
	a   *unsafeAlloc
	off int64
}

// constAddr is an unsafe.Pointer made from a constant address
// (unsafe.Pointer(uintptr(1)), a sentinel): it compares and converts to
// uintptr; converted to another pointer type, it must be inside an
// allocation that unsafeAddr has seen.
type constAddr uintptr

// Fake addresses start here, apart from reflect's (reflectvalue.go).
const unsafeBase = 0xc200000000

func (m *Machine) newAlloc(a *unsafeAlloc) *unsafeAlloc {
	return m.newAllocAligned(a, 1)
}

// newAllocAligned is newAlloc with a base that is a multiple of align
// (a power of two).
func (m *Machine) newAllocAligned(a *unsafeAlloc, align uintptr) *unsafeAlloc {
	s := &m.uns
	if s.next == 0 {
		s.next = unsafeBase
	}
	s.next = (s.next + align - 1) &^ (align - 1)
	a.base = s.next
	// A gap after each allocation keeps a one-past-the-end address out
	// of the next one.
	s.next += uintptr((max(a.size, 1)+15)&^15) + 0x1000
	s.allocs = append(s.allocs, a)
	return a
}

func (m *Machine) setPlace(c *value, p place) {
	if m.uns.places == nil {
		m.uns.places = map[*value]place{}
	}
	if _, ok := m.uns.places[c]; !ok {
		m.uns.places[c] = p
	}
}

// placeElem records that &arr[i] is element i of the allocation whose
// elements, from its first, arr holds (to its capacity), and returns
// the cell.
func (m *Machine) placeElem(arr []value, i int, et types.Type) *value {
	if i < 0 || i >= len(arr) {
		return nil
	}
	es := gcSizes.Sizeof(et)
	pl, ok := m.uns.places[&arr[0]]
	if !ok || pl.a.arr == nil || pl.a.esize != es {
		a := m.newAlloc(&unsafeAlloc{arr: arr, etype: et, esize: es, size: es * int64(len(arr))})
		pl = place{a, 0}
		m.setPlace(&arr[0], pl)
	}
	m.setPlace(&arr[i], place{pl.a, pl.off + int64(i)*es})
	return &arr[i]
}

// addrOf is uintptr(unsafe.Pointer(p)) for a pointer whose pointee has
// static type t (nil if unknown).
func (m *Machine) unsafeAddr(p value, t types.Type) uintptr {
	var c *value
	switch q := p.r.(type) {
	case nil:
		return 0
	case *value:
		if q == nil {
			return 0
		}
		c = q
	case constAddr:
		return uintptr(q)
	case *reinterp:
		c, t = q.c, q.T
	case *arrayView:
		if len(q.s) == 0 {
			unsupported("unsafe: the address of an empty array view")
		}
		c = &q.s[0]
		if t != nil {
			if at, ok := t.Underlying().(*types.Array); ok {
				t = at.Elem()
			}
		}
		if _, ok := m.uns.places[c]; !ok {
			m.placeElem(q.s, 0, t)
		}
	case reflect.Value:
		unsupported("unsafe: the address of native memory (%s)", q.Type())
	default:
		unsupported("unsafe: the address of %s", notMemory(p.r))
	}
	if pl, ok := m.uns.places[c]; ok {
		return pl.a.base + uintptr(pl.off)
	}
	if a := m.uns.byCell[c]; a != nil {
		return a.base
	}
	var size int64 = 8
	if t == nil {
		t = m.uns.hints[c]
	}
	if t != nil {
		size = gcSizes.Sizeof(t)
	}
	a := m.newAlloc(&unsafeAlloc{cell: c, t: t, size: size})
	if m.uns.byCell == nil {
		m.uns.byCell = map[*value]*unsafeAlloc{}
	}
	m.uns.byCell[c] = a
	m.setPlace(c, place{a, 0})
	return a.base
}

// placeOf returns where cell c (of type t, if known) is, giving it an
// allocation of its own if it is in none.
func (m *Machine) placeOf(c *value, t types.Type) place {
	m.unsafeAddr(value{r: c}, t)
	return m.uns.places[c]
}

// pointerAt is unsafe.Pointer(addr): the cell at address addr, which
// must be inside an allocation unsafeAddr has seen. want is the type
// the pointer is going to be converted to, if known: at an offset where
// an aggregate and its first part start, it picks the part.
func (m *Machine) pointerAt(addr uintptr, want types.Type, what string) value {
	if addr == 0 {
		return value{}
	}
	s := &m.uns
	i := sort.Search(len(s.allocs), func(i int) bool { return s.allocs[i].base > addr }) - 1
	if i < 0 || addr >= s.allocs[i].base+uintptr(s.allocs[i].size) {
		unsupported("unsafe: %s %#x is not inside an allocation (mcheck knows the addresses of pointers converted to uintptr, and of offsets within their allocations)", what, addr)
	}
	c, _ := m.cellAt(place{s.allocs[i], int64(addr - s.allocs[i].base)}, want)
	return value{r: c}
}

// cellAt returns the cell at place pl and its type (nil if unknown), as
// pointerAt picks it.
func (m *Machine) cellAt(pl place, want types.Type) (*value, types.Type) {
	a, off := pl.a, pl.off
	a.checkMapped()
	var c *value
	var t types.Type
	var coff int64
	if a.arr != nil {
		j := int(off / a.esize)
		c, t, coff = &a.arr[j], a.etype, int64(j)*a.esize
		m.setPlace(c, place{a, coff})
	} else {
		c, t = a.cell, a.t
	}
	return m.descendT(a, c, t, coff, off-coff, want)
}

// descend returns the cell at byte offset off inside cell c of type t,
// itself at offset base of allocation a.
func (m *Machine) descend(a *unsafeAlloc, c *value, t types.Type, base, off int64, want types.Type) *value {
	c, _ = m.descendT(a, c, t, base, off, want)
	return c
}

// descendT is descend, returning the cell's type too.
func (m *Machine) descendT(a *unsafeAlloc, c *value, t types.Type, base, off int64, want types.Type) (*value, types.Type) {
	for {
		if off == 0 && (t == nil || want == nil || sameLayout(t, want) || !isAggregateType(t)) {
			if a != nil {
				m.setPlace(c, place{a, base})
			}
			return c, t
		}
		if t == nil {
			break
		}
		parts, _ := c.r.(agg)
		switch u := t.Underlying().(type) {
		case *types.Struct:
			fields := make([]*types.Var, u.NumFields())
			for i := range fields {
				fields[i] = u.Field(i)
			}
			offs := gcSizes.Offsetsof(fields)
			k := -1
			for i := range fields {
				if offs[i] <= off && off < offs[i]+gcSizes.Sizeof(fields[i].Type()) {
					k = i
					break
				}
			}
			if k < 0 || k >= len(parts) {
				unsupported("unsafe: offset %d of %s is padding or past its end", off, t)
			}
			c, t, base, off = &parts[k], fields[k].Type(), base+offs[k], off-offs[k]
			continue
		case *types.Array:
			es := gcSizes.Sizeof(u.Elem())
			if es == 0 || off/es >= int64(len(parts)) {
				unsupported("unsafe: offset %d of %s is past its end", off, t)
			}
			k := off / es
			c, t, base, off = &parts[k], u.Elem(), base+k*es, off-k*es
			continue
		}
		break
	}
	unsupported("unsafe: a pointer %d bytes into a %s", off, typeName(t))
	return nil, nil
}

func typeName(t types.Type) string {
	if t == nil {
		return "value of unknown type"
	}
	return t.String()
}

func isAggregateType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// sameLayout reports whether values of types a and b have the same
// representation in interpreted memory, so that one cell may be read as
// either.
func sameLayout(a, b types.Type) bool {
	if types.Identical(a, b) {
		return true
	}
	au, bu := a.Underlying(), b.Underlying()
	switch x := au.(type) {
	case *types.Basic:
		y, ok := bu.(*types.Basic)
		if !ok {
			_, isPtr := bu.(*types.Pointer)
			return isPtr && x.Kind() == types.UnsafePointer
		}
		if x.Kind() == y.Kind() {
			return true
		}
		cx, cy := basicClass(x), basicClass(y)
		return cx != "" && cx == cy
	case *types.Pointer:
		if y, ok := bu.(*types.Basic); ok {
			return y.Kind() == types.UnsafePointer
		}
		_, ok := bu.(*types.Pointer)
		return ok
	case *types.Slice:
		y, ok := bu.(*types.Slice)
		return ok && sameLayout(x.Elem(), y.Elem())
	case *types.Array:
		y, ok := bu.(*types.Array)
		return ok && x.Len() == y.Len() && sameLayout(x.Elem(), y.Elem())
	case *types.Struct:
		y, ok := bu.(*types.Struct)
		if !ok || x.NumFields() != y.NumFields() {
			return false
		}
		for i := range x.NumFields() {
			if !sameLayout(x.Field(i).Type(), y.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Interface:
		_, ok := bu.(*types.Interface)
		return ok
	case *types.Map:
		_, ok := bu.(*types.Map)
		return ok
	case *types.Chan:
		_, ok := bu.(*types.Chan)
		return ok
	case *types.Signature:
		_, ok := bu.(*types.Signature)
		return ok
	}
	return false
}

// basicClass groups basic kinds whose values are stored alike in
// value.n: 64-bit integers and float64 (its bits), and each size and
// signedness of the smaller integers.
func basicClass(b *types.Basic) string {
	switch b.Kind() {
	case types.Int, types.Int64, types.Uint, types.Uint64, types.Uintptr, types.Float64:
		return "w64"
	case types.Int32:
		return "i32"
	case types.Uint32:
		return "u32"
	case types.Int16:
		return "i16"
	case types.Uint16:
		return "u16"
	case types.Int8:
		return "i8"
	case types.Uint8, types.Bool:
		return "u8"
	}
	return ""
}

// unsafeElemsOf returns the n cells from element pointer p for
// unsafe.Slice and unsafe.String: a run inside an array or a slice's
// backing array (whatever placed it), or a single cell.
func (m *Machine) unsafeElemsOf(p value, n int64, fn string) []value {
	if n < 0 {
		throwRuntime(fn + ": len out of range")
	}
	c, _ := p.r.(*value)
	if av, ok := p.r.(*arrayView); ok && av != nil {
		if n > int64(len(av.s)) {
			unsupported("unsafe: %d elements from a pointer to an array of %d", n, len(av.s))
		}
		return av.s[:n:n]
	}
	if c == nil {
		if n == 0 {
			return nil
		}
		if _, ok := p.r.(*value); ok || p.r == nil {
			throwRuntime(fn + ": ptr is nil and len is not zero")
		}
		unsupported("unsafe: elements of %s", pointerDesc(p.r))
	}
	if pl, ok := m.uns.places[c]; ok && pl.a.arr != nil {
		pl.a.checkMapped()
		j := int(pl.off / pl.a.esize)
		if int64(j)+n > int64(len(pl.a.arr)) {
			unsupported("unsafe: %d elements from element %d of an allocation of %d", n, j, len(pl.a.arr))
		}
		return pl.a.arr[j : j+int(n) : j+int(n)]
	}
	if n <= 1 {
		return oneCell(c)[:n:n]
	}
	unsupported("unsafe: %d elements from a pointer that is not into an array or a slice's backing array", n)
	return nil
}

// unsafeBytes returns the n bytes at p, which must point into an
// allocation of bytes (a []byte's or a string's data), for the models
// of runtime functions that take memory as (pointer, length).
func (m *Machine) unsafeBytes(p value, n int64, fn string) string {
	vs := m.unsafeElemsOf(p, n, fn)
	if c, ok := p.r.(*value); ok && c != nil && n > 0 {
		if pl, ok := m.uns.places[c]; !ok || pl.a.esize != 1 {
			unsupported("unsafe: %s of memory that is not bytes", fn)
		}
	}
	b := make([]byte, len(vs))
	for i, v := range vs {
		b[i] = byte(v.n)
	}
	return string(b)
}
