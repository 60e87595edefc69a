package ssainterp

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"
	"unsafe"
)

// unsafe over interpreted memory (see unsafe.go): the headers of strings
// and slices as unsafe code reads and writes them, unsafe.Pointer
// conversions between pointer types (convertPointer), and the hashes of
// interface values (valueHash); interfaces' words are in unsafeiface.go.

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
// c, of type et (nil: unknown).
type hdrView struct {
	isStr bool
	s     string
	arr   []value
	j     int
	n, c  int
	et    types.Type
}

// elemType returns the element type of the array or slice's backing
// array that cell c is an element of, as placed (nil: unknown).
func (m *Machine) elemType(c *value) types.Type {
	if pl, ok := m.uns.places[c]; ok && pl.a.arr != nil && pl.a.esize > 0 && pl.off%pl.a.esize == 0 && &pl.a.arr[pl.off/pl.a.esize] == c {
		return pl.a.etype // c is an element, not a part of one
	}
	return nil
}

// readHeader reads the header of type t in cell c.
func (m *Machine) readHeader(c *value, t types.Type, h header) hdrView {
	switch h {
	case hString:
		s := c.str()
		return hdrView{isStr: true, s: s, n: len(s), c: len(s)}
	case hSlice:
		s := c.slice()
		var et types.Type
		if t != nil {
			et = t.Underlying().(*types.Slice).Elem()
		}
		return hdrView{arr: s[:cap(s)], n: len(s), c: cap(s), et: et}
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
	var et types.Type
	if pt, ok := st.Field(0).Type().Underlying().(*types.Pointer); ok {
		et = pt.Elem()
	} else if c, ok := data.r.(*value); ok {
		et = m.elemType(c)
	}
	return hdrView{arr: arr, j: j, n: n, c: cp, et: et}
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
		unsupported("unsafe: elements of %s", pointerDesc(p.r))
	}
	pl, ok := m.uns.places[c]
	switch {
	case ok && pl.a.arr != nil:
		pl.a.checkMapped()
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
		et := v.et
		if v.isStr {
			et = types.Typ[types.Byte]
		}
		if p, ok := st.Field(0).Type().Underlying().(*types.Pointer); ok {
			if et != nil && gcSizes.Sizeof(et) != gcSizes.Sizeof(p.Elem()) {
				unsupported("unsafe: a header of %s elements read with a data pointer of type %s", et, p.Elem())
			}
			et = p.Elem()
		}
		if et == nil {
			et = m.elemType(&arr[j])
		}
		if et == nil {
			// Its address would be read as bytes: element i at Data+i
			// for every element type, a wrong element silently.
			unsupported("unsafe: the data address of a slice whose element type mcheck does not know (a header read through an unsafe.Pointer of unknown origin)")
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

// convertPointer1 is convertPointer's (*U)(p), before a value of a
// native type is copied to native memory.
func (m *Machine) convertPointer1(p value, T, U types.Type) value {
	c, ok := p.r.(*value)
	if !ok {
		return m.convertNonCell(p, U)
	}
	if c == nil {
		return p
	}
	if t := m.uns.typeOf[c]; t != nil {
		return m.descriptorView(p, c, t, U)
	}
	if _, whole := c.r.(agg); whole && T != nil && !isAggregateType(T) {
		// A cell of a struct or array whose static type says scalar: an
		// unsafe.Pointer of a reinterp (unreinterpret). Its own type
		// decides.
		T = m.uns.hints[c]
	}
	if T == nil {
		// An element of an array or a slice's backing array (a
		// header's data address converted back) has its elements' type;
		// a struct converted to unsafe.Pointer before, its own.
		T = m.elemType(c)
		if T == nil {
			T = m.uns.hints[c]
		}
	}
	if T == nil {
		return m.convertByContents(p, c, U)
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
			// Placed, so that offsets from the part reach the
			// struct's other fields.
			pl := m.placeOf(c, T)
			return value{r: m.descend(pl.a, c, T, pl.off, 0, U)}
		}
	}
	if pl, ok := m.uns.places[c]; ok && isAggregateType(U) {
		// A pointer to the first part of a struct or array (see
		// firstPart) converted back to a pointer to the whole.
		if r, rt := m.cellAt(pl, U); rt != nil && sameLayout(rt, U) {
			return value{r: r}
		}
	}
	if at, ok := U.Underlying().(*types.Array); ok && sameLayout(T, at.Elem()) {
		return m.convertToArray(p, c, at)
	}
	if !isAggregateType(U) {
		// A pointer kept for its identity (a map key, a weak pointer):
		// a read through it is refused when it is made.
		return m.reinterpret(c, T, U)
	}
	unsupported("unsafe: converting *%s to *%s (their memory layouts differ)", T, U)
	return value{}
}

// convertNonCell is convertPointer1 for a p that is not a cell: a
// constant address, a view of array elements, nil or native memory.
func (m *Machine) convertNonCell(p value, U types.Type) value {
	if a, ok := p.r.(constAddr); ok {
		return m.convertPointer1(m.pointerAt(uintptr(a), U, "the constant address"), nil, U)
	}
	if r, ok := p.r.(*reinterp); ok {
		return m.convertPointer1(value{r: r.c}, r.T, U)
	}
	if av, ok := p.r.(*arrayView); ok {
		if at, isArr := U.Underlying().(*types.Array); isArr && int64(len(av.s)) >= at.Len() {
			return value{r: &arrayView{s: av.s[:at.Len():at.Len()]}}
		}
		if len(av.s) > 0 {
			return m.convertPointer1(value{r: &av.s[0]}, nil, U)
		}
		return p
	}
	if _, native := p.r.(reflect.Value); !native && p.r != nil {
		unsupported("unsafe: converting %s to *%s", notMemory(p.r), U)
	}
	return p // nil, or native memory
}

// convertByContents is convertPointer1 for the cell c of p whose static
// type is unknown, judged by what c holds: a string or a slice read
// through a header type; p itself otherwise.
func (m *Machine) convertByContents(p value, c *value, U types.Type) value {
	switch c.r.(type) {
	case *iface:
		if ifaceHeader(U) {
			unsupported("unsafe: converting a pointer to an interface to *%s where the pointer's static type is unknown (mcheck reads an interface's words through (*H)(unsafe.Pointer(&x)))", U)
		}
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

// convertToArray is convertPointer1 for a pointer p (cell c) to an
// element as a pointer to an array at of them. An array type longer
// than the allocation ((*[1 << 30]T)(p), then sliced, an old idiom)
// views the elements there are.
func (m *Machine) convertToArray(p value, c *value, at *types.Array) value {
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

// notMemory describes what an unsafe.Pointer made from a word of the
// interpreter's representation points to (see ifaceWords), when that is
// not memory the program can read: a map's, a channel's or a func's
// word, or the data word of a reflect.Type, which in mcheck is the
// model's type, not the runtime's *rtype.
func notMemory(p any) string {
	switch x := p.(type) {
	case *rtype:
		return "the data word of a reflect.Type (mcheck's model, not the runtime's *rtype)"
	case *mapV:
		return "a map's word (mcheck has no runtime map header)"
	case *chanV:
		return "a channel's word (mcheck has no runtime channel header)"
	case *closure:
		return "a func's word"
	case *reinterp:
		return fmt.Sprintf("a *%s made from a pointer to %s (their memory layouts differ)", x.U, x.T)
	}
	return fmt.Sprintf("a pointer to %T", p)
}

// typeWordRead raises an unsupported error if p points to a type word:
// the program reads the runtime's type descriptor through it (a map
// type's hasher, a type's size), which mcheck does not have.
func (m *Machine) typeWordRead(p any) {
	c, _ := p.(*value)
	if t := m.uns.typeOf[c]; t != nil && c != nil {
		unsupported("unsafe: reading the runtime's type descriptor of %s through an interface's type word (mcheck has no type descriptors)", t.name)
	}
}

// noParts reports a field or element address into cell c, which holds
// no struct or array. A type word (see typeWord) viewed as a pointer to
// struct type *T is filled with its descriptor laid out as T
// (descriptorView) and its parts returned; anything else is an internal
// error. pt is the pointer's type, nil if not known.
func (m *Machine) noParts(c *value, pt types.Type) agg {
	if t := m.uns.typeOf[c]; t != nil && pt != nil {
		if T := deref(pt); isAggregateType(T) {
			m.descriptorView(value{r: c}, c, t, T)
			return c.r.(agg)
		}
	}
	m.typeWordRead(c)
	panic(&internalFault{msg: fmt.Sprintf("internal error: a field or element of a cell holding %T", c.r)})
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

// A reinterp is a pointer to cell c (holding a value of type T) converted
// to *U, where U's layout differs from T's and no view of T as U exists
// (go-deadlock keys a map by weak pointers made from (*byte)(p) of any
// lock p). It keeps c's identity: it compares, hashes, converts back to
// unsafe.Pointer and *T, and gives c's address; a load or store through
// it is refused. One per cell and type, so that equal pointers compare
// equal.
type reinterp struct {
	c    *value
	T, U types.Type
}

// reinterpret returns the reinterp of cell c as *U.
func (m *Machine) reinterpret(c *value, T, U types.Type) value {
	if m.uns.reinterps == nil {
		m.uns.reinterps = map[*value][]*reinterp{}
	}
	for _, r := range m.uns.reinterps[c] {
		if types.Identical(r.U, U) {
			return value{r: r}
		}
	}
	r := &reinterp{c: c, T: T, U: U}
	m.uns.reinterps[c] = append(m.uns.reinterps[c], r)
	return value{r: r}
}

// unreinterpret is unsafe.Pointer(p): the cell itself for a reinterp, so
// that it equals (and hashes as) the pointer it was made from; the cell
// keeps the reinterp's type as a hint, for the conversions back.
func (m *Machine) unreinterpret(p value) value {
	if r, ok := p.r.(*reinterp); ok {
		m.uns.typeHintOnce(r.c, r.T)
		return value{r: r.c}
	}
	return p
}

// reinterpAccess refuses an access through a reinterp.
func reinterpAccess(r *reinterp) {
	unsupported("unsafe: accessing memory of type %s through *%s (their memory layouts differ)", r.T, r.U)
}
