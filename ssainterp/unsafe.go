package ssainterp

import (
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
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
//     copies them; a slice made from a header aliases the elements.
//   - unsafe.Add, and uintptr arithmetic converted back to a pointer,
//     within one allocation: the elements of an array or of a slice's
//     backing array, and the fields of a struct. Each allocation that a
//     program converts to uintptr gets a fake address range (addresses
//     of distinct allocations are far apart), so a uintptr round trip of
//     the same pointer, or of a pointer stepped within its allocation,
//     gives the cell back.
//   - unsafe.String, StringData, Slice and SliceData over such memory.
//
// Anything else is an mcheck error, "unsupported: unsafe ...", at the
// instruction's file and line: never a fake nil dereference, never an
// internal error.

// unsafeState is a machine's record of the allocations unsafe code has
// looked into.
type unsafeState struct {
	places map[*value]place        // cells placed in an allocation
	allocs []*unsafeAlloc          // by increasing base
	byCell map[*value]*unsafeAlloc // a whole-object allocation by its cell
	next   uintptr
	funcs  map[any]*value // see funcToken
	types  map[*rtype]*value
	typeOf map[*value]*rtype // see typeWord
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
	s := &m.uns
	if s.next == 0 {
		s.next = unsafeBase
	}
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
	default:
		unsupported("unsafe: the address of native memory (%T)", p.r)
	}
	if pl, ok := m.uns.places[c]; ok {
		return pl.a.base + uintptr(pl.off)
	}
	if a := m.uns.byCell[c]; a != nil {
		return a.base
	}
	var size int64 = 8
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
	a := s.allocs[i]
	off := int64(addr - a.base)
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
	return value{r: m.descend(a, c, t, coff, off-coff, want)}
}

// descend returns the cell at byte offset off inside cell c of type t,
// itself at offset base of allocation a.
func (m *Machine) descend(a *unsafeAlloc, c *value, t types.Type, base, off int64, want types.Type) *value {
	for {
		if off == 0 && (t == nil || want == nil || sameLayout(t, want) || !isAggregateType(t)) {
			if a != nil {
				m.setPlace(c, place{a, base})
			}
			return c
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
	return nil
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

// header is the shape of a string or slice header as unsafe code
// writes it.
type header int

const (
	hNone    header = iota
	hString         // string
	hSlice          // []E
	hPtrLen         // struct{ data unsafe.Pointer|*E|uintptr; len int }
	hPtrLenC        // struct{ data ...; len, cap int }
	hStrCap         // struct{ string; cap int }
)

func headerOf(t types.Type) header {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.String {
			return hString
		}
	case *types.Slice:
		return hSlice
	case *types.Struct:
		n := u.NumFields()
		if n < 2 || n > 3 {
			return hNone
		}
		for i := 1; i < n; i++ {
			if b, ok := u.Field(i).Type().Underlying().(*types.Basic); !ok || basicClass(b) != "w64" || b.Kind() == types.Float64 {
				return hNone
			}
		}
		first := u.Field(0).Type().Underlying()
		if b, ok := first.(*types.Basic); ok && b.Kind() == types.String {
			if n == 2 {
				return hStrCap
			}
			return hNone
		}
		if isDataPtr(first) {
			if n == 2 {
				return hPtrLen
			}
			return hPtrLenC
		}
	}
	return hNone
}

func isDataPtr(t types.Type) bool {
	switch u := t.(type) {
	case *types.Pointer:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer || u.Kind() == types.Uintptr
	}
	return false
}

// hdrView is a string's or slice's contents, however its header was
// written: the bytes of a string, or elements arr[j:j+n] with capacity
// c.
type hdrView struct {
	isStr bool
	s     string
	arr   []value
	j     int
	n, c  int
}

// readHeader reads the header of type t in cell c.
func (m *Machine) readHeader(c *value, t types.Type, h header) hdrView {
	switch h {
	case hString:
		s := c.str()
		return hdrView{isStr: true, s: s, n: len(s), c: len(s)}
	case hSlice:
		s := c.slice()
		return hdrView{arr: s[:cap(s)], n: len(s), c: cap(s)}
	case hStrCap:
		parts := c.r.(agg)
		s := parts[0].str()
		return hdrView{isStr: true, s: s, n: len(s), c: int(parts[1].int())}
	}
	parts := c.r.(agg)
	st := t.Underlying().(*types.Struct)
	n := int(parts[1].int())
	cp := n
	if h == hPtrLenC {
		cp = int(parts[2].int())
	}
	if n < 0 || cp < n {
		unsupported("unsafe: a header with length %d and capacity %d", n, cp)
	}
	data := parts[0]
	if b, ok := st.Field(0).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Uintptr {
		data = m.pointerAt(uintptr(data.n), nil, "a header's data")
	}
	arr, j := m.elemsAt(data, cp)
	return hdrView{arr: arr, j: j, n: n, c: cp}
}

// elemsAt returns the elements of the allocation p points into, and p's
// index there, checking that n elements from p are inside it.
func (m *Machine) elemsAt(p value, n int) ([]value, int) {
	var c *value
	switch q := p.r.(type) {
	case nil:
		if n == 0 {
			return nil, 0
		}
		throwPanic(nilDeref())
	case *value:
		if q == nil {
			if n == 0 {
				return nil, 0
			}
			throwPanic(nilDeref())
		}
		c = q
	case *arrayView:
		if n > len(q.s) {
			unsupported("unsafe: %d elements from a pointer to an array of %d", n, len(q.s))
		}
		return q.s, 0
	default:
		unsupported("unsafe: elements of native memory (%T)", p.r)
	}
	pl, ok := m.uns.places[c]
	switch {
	case ok && pl.a.arr != nil:
		j := int(pl.off / pl.a.esize)
		if j+n > len(pl.a.arr) {
			unsupported("unsafe: %d elements from element %d of an allocation of %d", n, j, len(pl.a.arr))
		}
		return pl.a.arr, j
	case n <= 1:
		return oneCell(c), 0
	}
	unsupported("unsafe: %d elements from a pointer that is not into an array or a slice's backing array", n)
	return nil, 0
}

// oneCell is the elements view of a single cell (a run of one).
func oneCell(c *value) []value { return unsafe.Slice(c, 1) }

// writeHeader builds a value of header shape h (type t) from v.
func (m *Machine) writeHeader(v hdrView, t types.Type, h header) value {
	switch h {
	case hString:
		if v.isStr {
			return strVal(v.s[:v.n])
		}
		var b strings.Builder
		for _, e := range v.arr[v.j : v.j+v.n] {
			b.WriteByte(byte(e.n))
		}
		return strVal(b.String())
	case hSlice:
		if v.isStr {
			b := make([]value, v.n, v.c)
			for i := range v.n {
				b[i].n = uint64(v.s[i])
			}
			return value{r: b}
		}
		if v.arr == nil {
			return value{}
		}
		return value{r: v.arr[v.j : v.j+v.n : v.j+v.c]}
	case hStrCap:
		s := v.s
		if !v.isStr {
			s = m.writeHeader(v, types.Typ[types.String], hString).str()
		}
		return value{r: agg{strVal(s), intVal(int64(v.c))}}
	}
	st := t.Underlying().(*types.Struct)
	arr, j := v.arr, v.j
	if v.isStr {
		arr = make([]value, len(v.s))
		for i := range len(v.s) {
			arr[i].n = uint64(v.s[i])
		}
		j = 0
	}
	var data value
	if len(arr) > 0 {
		var et types.Type = types.Typ[types.Byte]
		if p, ok := st.Field(0).Type().Underlying().(*types.Pointer); ok {
			et = p.Elem()
		}
		data = value{r: m.placeElem(arr, j, et)}
		if b, ok := st.Field(0).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Uintptr {
			data = value{n: uint64(m.unsafeAddr(data, et))}
		}
	}
	parts := agg{data, intVal(int64(v.n))}
	if h == hPtrLenC {
		parts = append(parts, intVal(int64(v.c)))
	}
	return value{r: parts}
}

// convertPointer is (*U)(p) for unsafe.Pointer p whose static origin is
// *T (T nil if unknown). Structs of bridged packages (reflect.SliceHeader,
// StringHeader) live in native memory: a header of one is read or made
// as a copy.
func (m *Machine) convertPointer(p value, T, U types.Type) value {
	if rv, ok := p.r.(reflect.Value); ok && T != nil && !rv.IsNil() && m.prog.rtypeOf(T).kind == kNative {
		if h := headerOf(T); h == hPtrLen || h == hPtrLenC {
			p = value{r: &value{r: nativeParts(rv.Elem())}}
		}
	}
	r := m.convertPointer1(p, T, U)
	if m.prog.rtypeOf(U).kind == kNative {
		if c, ok := r.r.(*value); ok && c != nil {
			return m.nativeCopy(U, c)
		}
	}
	return r
}

// nativeParts returns the fields of a native struct of integers as
// interpreted values.
func nativeParts(rv reflect.Value) agg {
	parts := make(agg, rv.NumField())
	for i := range parts {
		f := rv.Field(i)
		switch {
		case f.CanInt():
			parts[i] = intVal(f.Int())
		case f.CanUint():
			parts[i] = value{n: f.Uint()}
		default:
			unsupported("unsafe: reading field %s of %s", rv.Type().Field(i).Name, rv.Type())
		}
	}
	return parts
}

// nativeCopy returns a pointer to a native value of struct type U (of
// integer fields) holding the parts in cell c.
func (m *Machine) nativeCopy(U types.Type, c *value) value {
	nt, err := m.prog.rtypeOf(U).nativeType()
	parts, ok := c.r.(agg)
	if err != nil || nt.Kind() != reflect.Struct || !ok || len(parts) != nt.NumField() {
		unsupported("unsafe: converting to *%s, a type of native memory", U)
	}
	rv := reflect.New(nt)
	for i, v := range parts {
		f := rv.Elem().Field(i)
		switch {
		case f.CanInt():
			f.SetInt(int64(v.n))
		case f.CanUint():
			f.SetUint(v.n)
		default:
			unsupported("unsafe: converting to *%s, a type of native memory", U)
		}
	}
	return value{r: rv}
}

func (m *Machine) convertPointer1(p value, T, U types.Type) value {
	c, ok := p.r.(*value)
	if !ok {
		if a, ok := p.r.(constAddr); ok {
			return m.convertPointer1(m.pointerAt(uintptr(a), U, "the constant address"), nil, U)
		}
		if av, ok := p.r.(*arrayView); ok {
			if at, isArr := U.Underlying().(*types.Array); isArr && int64(len(av.s)) >= at.Len() {
				return value{r: &arrayView{s: av.s[:at.Len():at.Len()]}}
			}
			if len(av.s) > 0 {
				return m.convertPointer1(value{r: &av.s[0]}, nil, U)
			}
		}
		return p // nil, or native memory
	}
	if c == nil {
		return p
	}
	if T == nil {
		// Judge by the contents.
		switch c.r.(type) {
		case string:
			if h := headerOf(U); h != hNone && h != hString {
				return value{r: &value{r: m.writeHeader(m.readHeader(c, types.Typ[types.String], hString), U, h).r}}
			}
		case []value:
			if h := headerOf(U); h == hString || h == hPtrLen || h == hPtrLenC || h == hStrCap {
				return m.headerCell(m.readHeader(c, nil, hSlice), U, h)
			}
		}
		return p
	}
	if sameLayout(T, U) {
		return p
	}
	if _, ok := T.Underlying().(*types.Signature); ok {
		if b, ok := U.Underlying().(*types.Basic); ok && (b.Kind() == types.UnsafePointer || b.Kind() == types.Uintptr) {
			// A func value's word, read as a pointer: equal for the
			// same function (or the same closure), as natively.
			tok := m.funcToken(c.r)
			if b.Kind() == types.Uintptr {
				return value{r: &value{n: uint64(m.unsafeAddr(tok, nil))}}
			}
			return value{r: &value{r: tok.r}}
		}
	}
	if _, ok := T.Underlying().(*types.Interface); ok && ifaceHeader(U) {
		return value{r: &value{r: m.ifaceWords(c.r, U).r}}
	}
	if ht, hu := headerOf(T), headerOf(U); ht != hNone && hu != hNone && ht != hu {
		if ht == hSlice && !byteLike(T) && hu != hPtrLen && hu != hPtrLenC {
			unsupported("unsafe: converting *%s to *%s", T, U)
		}
		return m.headerCell(m.readHeader(c, T, ht), U, hu)
	}
	if isAggregateType(T) {
		// A pointer to a struct or array as a pointer to its first part.
		if part := firstPart(T, U); part > 0 {
			return value{r: m.descend(nil, c, T, 0, 0, U)}
		}
	}
	if at, ok := U.Underlying().(*types.Array); ok && sameLayout(T, at.Elem()) {
		// A pointer to an element as a pointer to an array of them.
		// An array type longer than the allocation ((*[1 << 30]T)(p),
		// then sliced, an old idiom) views the elements there are.
		n := int(at.Len())
		if pl, ok := m.uns.places[c]; ok && pl.a.arr != nil {
			j := int(pl.off / pl.a.esize)
			n = min(n, len(pl.a.arr)-j)
		}
		arr, j := m.elemsAt(p, n)
		if arr == nil {
			return value{r: &arrayView{s: oneCell(c)}}
		}
		return value{r: &arrayView{s: arr[j : j+n : j+n]}}
	}
	unsupported("unsafe: converting *%s to *%s (their memory layouts differ)", T, U)
	return value{}
}

// funcToken is the pointer a func value's word holds: a cell per
// function, or per closure for one with bound variables; nil for nil.
func (m *Machine) funcToken(f any) value {
	cl, _ := f.(*closure)
	if cl == nil {
		if !isNilRef(f) {
			unsupported("unsafe: the word of a native func value")
		}
		return value{}
	}
	var key any = cl
	if len(cl.bindings) == 0 {
		key = cl.fn
	}
	if m.uns.funcs == nil {
		m.uns.funcs = map[any]*value{}
	}
	t := m.uns.funcs[key]
	if t == nil {
		t = new(value)
		m.uns.funcs[key] = t
	}
	return value{r: t}
}

func (m *Machine) headerCell(v hdrView, U types.Type, h header) value {
	return value{r: &value{r: m.writeHeader(v, U, h).r}}
}

// byteLike reports whether t is a slice of a byte-sized integer type.
func byteLike(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int8)
}

// firstPart returns how deep U is the first part of aggregate T (0: it
// is not).
func firstPart(T, U types.Type) int {
	for d := 1; ; d++ {
		switch u := T.Underlying().(type) {
		case *types.Struct:
			if u.NumFields() == 0 {
				return 0
			}
			T = u.Field(0).Type()
		case *types.Array:
			if u.Len() == 0 {
				return 0
			}
			T = u.Elem()
		default:
			return 0
		}
		if sameLayout(T, U) {
			return d
		}
	}
}

// pointerOrigin returns T if the unsafe.Pointer v is statically a
// conversion of a *T, or unsafe.Add of such a pointer into an array's
// elements (T their type); nil if unknown.
func pointerOrigin(v ssa.Value) types.Type {
	switch x := v.(type) {
	case *ssa.Convert:
		if p, ok := x.X.Type().Underlying().(*types.Pointer); ok {
			return p.Elem()
		}
	case *ssa.ChangeType:
		return pointerOrigin(x.X)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "Add" {
			if t := pointerOrigin(x.Call.Args[0]); t != nil {
				if at, ok := t.Underlying().(*types.Array); ok {
					return at.Elem()
				}
				if isAggregateType(t) {
					return nil // a field, known only at run time
				}
				return t
			}
		}
	}
	return nil
}

// placeOperand returns, for a pointer operand v that is statically the
// address of a slice or array element (&s[i], &a[i]), an op that records
// that element's allocation (see placeElem) before v is used by unsafe
// code; nil otherwise.
func (c *compiler) placeOperand(v ssa.Value) func(fr *frame) {
	ia, ok := v.(*ssa.IndexAddr)
	if !ok || c.skip[ia] {
		return nil
	}
	x, i := c.slot(ia.X), c.slot(ia.Index)
	if st, ok := ia.X.Type().Underlying().(*types.Slice); ok {
		et := st.Elem()
		return func(fr *frame) {
			s := fr.regs[x].slice()
			if n := fr.regs[i].n; n < uint64(len(s)) {
				fr.g.m.placeElem(s[:cap(s)], int(n), et)
			}
		}
	}
	at, ok := ia.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	arr, ok := at.Elem().Underlying().(*types.Array)
	if !ok {
		return nil
	}
	et := arr.Elem()
	return func(fr *frame) {
		var a []value
		switch q := fr.regs[x].r.(type) {
		case *value:
			if q != nil {
				a, _ = q.r.(agg)
			}
		case *arrayView:
			a = q.s
		}
		if n := fr.regs[i].n; n < uint64(len(a)) {
			fr.g.m.placeElem(a, int(n), et)
		}
	}
}

// unsafeConvert compiles a conversion from or to unsafe.Pointer.
func (c *compiler) unsafeConvert(ins *ssa.Convert) op {
	from, to := ins.X.Type(), ins.Type()
	fk, tk := c.rt(from).kind, c.rt(to).kind
	x, d := c.slot(ins.X), c.slots[ins]
	switch {
	case fk == kPointer && tk == kUnsafePointer:
		if place := c.placeOperand(ins.X); place != nil {
			return func(fr *frame) *frame {
				place(fr)
				fr.regs[d] = fr.regs[x]
				return fr
			}
		}
		return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
	case fk == kUnsafePointer && tk == kPointer:
		T := pointerOrigin(ins.X)
		U := to.Underlying().(*types.Pointer).Elem()
		if T != nil && sameLayout(T, U) && c.rt(T).kind != kNative && c.rt(U).kind != kNative {
			return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
		}
		return func(fr *frame) *frame {
			fr.regs[d] = fr.g.m.convertPointer(fr.regs[x], T, U)
			return fr
		}
	case fk == kUnsafePointer && tk == kUintptr:
		T := pointerOrigin(ins.X)
		return func(fr *frame) *frame {
			fr.regs[d] = value{n: uint64(fr.g.m.unsafeAddr(fr.regs[x], T))}
			return fr
		}
	case fk == kUintptr && tk == kUnsafePointer:
		var want types.Type
		if refs := ins.Referrers(); refs != nil && len(*refs) == 1 {
			if cv, ok := (*refs)[0].(*ssa.Convert); ok {
				if p, ok := cv.Type().Underlying().(*types.Pointer); ok {
					want = p.Elem()
				}
			}
		}
		return func(fr *frame) *frame {
			fr.regs[d] = fr.g.m.pointerAt(uintptr(fr.regs[x].n), want, "uintptr")
			return fr
		}
	case fk == kUnsafePointer && tk == kUnsafePointer:
		return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
	}
	return func(fr *frame) *frame {
		unsupported("unsafe: conversion from %s to %s", from, to)
		return nil
	}
}

// unsafeAdd compiles unsafe.Add(p, off).
func (c *compiler) unsafeAdd(argv []ssa.Value, dst int) op {
	p, off := c.slot(argv[0]), c.slot(argv[1])
	T := pointerOrigin(argv[0])
	signed := c.rt(argv[1].Type()).kind.isSigned()
	return func(fr *frame) *frame {
		m := fr.g.m
		pv := fr.regs[p]
		o := int64(fr.regs[off].n)
		if !signed && fr.regs[off].n > 1<<62 {
			unsupported("unsafe.Add by %d bytes", fr.regs[off].n)
		}
		if o == 0 || isNilRef(pv.r) {
			if isNilRef(pv.r) && o != 0 {
				unsupported("unsafe.Add(nil, %d)", o)
			}
			if dst >= 0 {
				fr.regs[dst] = pv
			}
			return fr
		}
		base := m.unsafeAddr(pv, T)
		r := m.pointerAt(uintptr(int64(base)+o), nil, fmt.Sprintf("unsafe.Add(p, %d) leaves p's allocation:", o))
		if dst >= 0 {
			fr.regs[dst] = r
		}
		return fr
	}
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
		unsupported("unsafe: elements of native memory (%T)", p.r)
	}
	if pl, ok := m.uns.places[c]; ok && pl.a.arr != nil {
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

// ifaceHeader reports whether t is struct{ typ, word } as code that
// reads an interface's two words writes it (each word a pointer,
// unsafe.Pointer or uintptr).
func ifaceHeader(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	return ok && st.NumFields() == 2 && isDataPtr(st.Field(0).Type().Underlying()) && isDataPtr(st.Field(1).Type().Underlying())
}

// ifaceWords returns the two words of interface value x as a struct of
// type U: a token for the dynamic type (typeWord), and the data word: a
// pointer-shaped value itself, else a pointer to a copy of it (words are
// read, not written, through such a header).
func (m *Machine) ifaceWords(x any, U types.Type) value {
	st := U.Underlying().(*types.Struct)
	i, _ := x.(*iface)
	if i == nil {
		return value{r: agg{{}, {}}}
	}
	tw := m.typeWord(i.t)
	var word value
	switch i.t.kind {
	case kPointer, kUnsafePointer, kMap, kChan, kFunc:
		word = i.v
	default:
		word = value{r: &value{n: i.v.n, r: copyVal(i.v).r}}
	}
	asField := func(k int, v value) value {
		if b, ok := st.Field(k).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Uintptr {
			if _, isCell := v.r.(*value); !isCell && !isNilRef(v.r) {
				return value{n: uint64(m.addrOf(v.r))}
			}
			return value{n: uint64(m.unsafeAddr(v, nil))}
		}
		return v
	}
	return value{r: agg{asField(0, tw), asField(1, word)}}
}

// typeWord is the type word of an interface holding a value of type t:
// a cell per type, so that equal types give equal words.
func (m *Machine) typeWord(t *rtype) value {
	if m.uns.types == nil {
		m.uns.types, m.uns.typeOf = map[*rtype]*value{}, map[*value]*rtype{}
	}
	c := m.uns.types[t]
	if c == nil {
		c = new(value)
		m.uns.types[t], m.uns.typeOf[c] = c, t
	}
	return value{r: c}
}

// typeAt returns the type a type word (a pointer or its address) stands
// for.
func (m *Machine) typeAt(w value) *rtype {
	c, _ := w.r.(*value)
	if c == nil && w.n != 0 {
		c, _ = m.pointerAt(uintptr(w.n), nil, "type word").r.(*value)
	}
	t := m.uns.typeOf[c]
	if t == nil {
		unsupported("unsafe: a type word that is not an interface's")
	}
	return t
}

// valueHash hashes v of type t consistently with Go's == on t (as map
// keys compare), deterministically within an execution.
func (m *Machine) valueHash(t *rtype, v value, seed uint64) uint64 {
	var h func(k any) uint64
	h = func(k any) uint64 {
		switch x := k.(type) {
		case nil:
			return 0
		case string:
			return m.hashBytes(seed, x)
		case uint64:
			return m.hashBytes(seed, fmt.Sprint(x))
		case complex128:
			return m.hashBytes(seed, fmt.Sprint(x))
		case bool:
			return m.hashBytes(seed, fmt.Sprint(x))
		case ifaceKey:
			return m.hashBytes(h(x.k), x.t.name)
		case nanKey:
			return m.progRand().Uint64() // NaN hashes are random natively
		}
		return m.hashBytes(seed, fmt.Sprint(m.addrOf(k)))
	}
	return h(keyOf(t, v))
}
