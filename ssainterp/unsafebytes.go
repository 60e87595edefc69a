package ssainterp

import (
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"
)

// Values of plain data laid over bytes (see unsafe.go).
//
// Code that stores records in a []byte reads and writes them through a
// pointer to a struct of fixed-size fields laid over the bytes: freecache
// keeps each entry's header in its ring buffer that way,
//
//	var buf [24]byte
//	hdr := (*entryHdr)(unsafe.Pointer(&buf[0]))
//	rb.ReadAt(buf[:], off)
//	hdr.valLen = uint32(len(v))
//	rb.WriteAt(buf[:], off)
//
// and *(*uint64)(unsafe.Pointer(&b[i])) reads eight bytes as one word.
// Natively the struct and the bytes are the same memory. In interpreted
// memory each byte is a cell and a struct is a cell per field, so the
// two cannot share cells; instead every use of such a pointer reads or
// writes the bytes there and then: a load of the struct, of a field or
// of an element decodes it from the bytes it covers (little-endian, at
// its offset in the gc compiler's amd64 layout), a store encodes it into
// them. What the program sees is what it would see natively, as long as
// the pointer is only dereferenced (a byteView is live): a load or a
// store through it, or through field and element addresses of it,
// chained. A pointer that is kept (stored, passed, captured, compared)
// is an "unsupported" error at the conversion, since a copy of the
// fields would miss later writes of the bytes.
//
// Plain data is what decodes exactly: integers of every size, uintptr,
// float32 and float64 (their bits), bool (a byte that holds neither 0
// nor 1 read as a bool is an "unsupported" error: Go's code would
// misbehave on it in ways mcheck does not reproduce), and structs and
// arrays of them. A store of a whole struct with padding is an
// "unsupported" error too (natively it copies the padding bytes of its
// source, which a decoded value does not have); a store of a field is
// exact. The bytes must be a []byte's or a byte array's (elements of
// type uint8, addressed through &b[i], a byte array's &a, unsafe.Add,
// uintptr arithmetic, unsafe.Pointer(uintptr(unsafe.Pointer(&b[0])) + n),
// as gorilla/websocket masks a frame a word at a time, or unsafe.Slice), and
// an access past their end is an "unsupported" error (natively it reads
// or writes the memory after them).
//
// Loads and stores through a view are accesses of the bytes they cover,
// for the race detector and for scheduling, as natively.

// plainLayout is how a value of a plain data type sits in bytes.
type plainLayout struct {
	kind   plainKind
	size   int64
	fields []plainField // a struct's
	elem   *plainLayout // an array's element
	n      int64        // an array's length
	padded bool         // a struct with padding, here or inside
	t      types.Type   // for messages
}

type plainField struct {
	off int64
	l   *plainLayout
}

type plainKind uint8

const (
	plainUint plainKind = iota
	plainInt
	plainBool
	plainFloat32
	plainFloat64
	plainStruct
	plainArray
)

// plainLayoutOf returns the layout of t, or nil if t is not plain data.
func plainLayoutOf(t types.Type) *plainLayout {
	l := &plainLayout{size: gcSizes.Sizeof(t), t: t}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		info := u.Info()
		switch {
		case u.Kind() == types.Bool:
			l.kind = plainBool
		case u.Kind() == types.Float32:
			l.kind = plainFloat32
		case u.Kind() == types.Float64:
			l.kind = plainFloat64
		case info&types.IsInteger != 0 && info&types.IsUnsigned != 0:
			l.kind = plainUint
		case info&types.IsInteger != 0:
			l.kind = plainInt
		default:
			return nil // strings, complex numbers, unsafe.Pointer
		}
	case *types.Struct:
		l.kind = plainStruct
		fields := make([]*types.Var, u.NumFields())
		for i := range fields {
			fields[i] = u.Field(i)
		}
		offs := gcSizes.Offsetsof(fields)
		var covered int64
		for i, f := range fields {
			fl := plainLayoutOf(f.Type())
			if fl == nil {
				return nil
			}
			l.fields = append(l.fields, plainField{offs[i], fl})
			l.padded = l.padded || fl.padded
			covered += fl.size
		}
		l.padded = l.padded || covered != l.size
	case *types.Array:
		l.kind = plainArray
		l.elem = plainLayoutOf(u.Elem())
		if l.elem == nil {
			return nil
		}
		l.n = u.Len()
		l.padded = l.elem.padded
	default:
		return nil
	}
	return l
}

// decode reads a value of layout l from the bytes b (len(b) >= l.size).
func (l *plainLayout) decode(b []value) value {
	switch l.kind {
	case plainStruct:
		parts := make(agg, len(l.fields))
		for i, f := range l.fields {
			parts[i] = f.l.decode(b[f.off:])
		}
		return value{r: parts}
	case plainArray:
		parts := make(agg, l.n)
		es := l.elem.size
		for i := range parts {
			parts[i] = l.elem.decode(b[int64(i)*es:])
		}
		return value{r: parts}
	}
	var u uint64
	for i := l.size - 1; i >= 0; i-- {
		u = u<<8 | b[i].n&0xff
	}
	switch l.kind {
	case plainInt:
		shift := 64 - 8*l.size
		u = uint64(int64(u<<shift) >> shift)
	case plainBool:
		if u > 1 {
			unsupported("unsafe: reading a bool from a byte that holds %d (Go's code assumes 0 or 1)", u)
		}
	case plainFloat32:
		u = math.Float64bits(float64(math.Float32frombits(uint32(u))))
	}
	return value{n: u}
}

// encode writes v, a value of layout l, into the bytes b.
func (l *plainLayout) encode(v value, b []value) {
	switch l.kind {
	case plainStruct:
		parts := v.r.(agg)
		for i, f := range l.fields {
			f.l.encode(parts[i], b[f.off:])
		}
		return
	case plainArray:
		parts := v.r.(agg)
		es := l.elem.size
		for i := range parts {
			l.elem.encode(parts[i], b[int64(i)*es:])
		}
		return
	}
	u := v.n
	if l.kind == plainFloat32 {
		u = uint64(math.Float32bits(float32(math.Float64frombits(u))))
	}
	for i := range l.size {
		b[i] = value{n: u & 0xff}
		u >>= 8
	}
}

// byteView is a conversion of unsafe.Pointer(p), p a *byte or a pointer
// to a byte array (or one of them stepped by unsafe.Add or uintptr
// arithmetic), to *U, U plain data laid out unlike bytes.
type byteView struct {
	U     types.Type
	live  bool // every use reads or writes the bytes at once
	track bool // the bytes may be shared (see localAddr)
	array bool // p points to the byte array itself, not to a byte
}

// byteViewOf returns the view that conv makes, or nil.
func byteViewOf(conv *ssa.Convert) *byteView {
	pt, ok := conv.Type().Underlying().(*types.Pointer)
	if !ok || !isUnsafePointer(conv.X.Type()) {
		return nil
	}
	T, U := pointerOrigin(conv.X), pt.Elem()
	if T == nil {
		T = addOrigin(conv.X) // unsafe.Pointer(uintptr(unsafe.Pointer(&b[0])) + n)
	}
	array := isByteArray(T)
	if T == nil || !isUint8(T) && !array || sameLayout(T, U) || plainLayoutOf(U) == nil {
		return nil
	}
	if at, ok := U.Underlying().(*types.Array); ok && (sameLayout(T, at.Elem()) || array && isUint8(at.Elem())) {
		return nil // a view of the elements themselves (arrayView)
	}
	addr, ok := byteAddr(conv.X)
	if !ok {
		return nil
	}
	return &byteView{U: U, live: liveBytes(conv), track: !localAddr(addr), array: array}
}

// byteAddr reports whether the unsafe.Pointer p is statically the
// address of an element of a []byte or a byte array, &b[i], or of a byte
// array, &a, or one of them stepped (pointerAdd), and returns that
// address.
func byteAddr(p ssa.Value) (ssa.Value, bool) {
	if base, ok := pointerAdd(p); ok {
		return byteAddr(base)
	}
	x, ok := p.(*ssa.Convert)
	if !ok {
		return nil, false
	}
	ia, ok := x.X.(*ssa.IndexAddr)
	if !ok {
		pt, ok := x.X.Type().Underlying().(*types.Pointer)
		return x.X, ok && isByteArray(pt.Elem())
	}
	var et types.Type
	switch u := ia.X.Type().Underlying().(type) {
	case *types.Slice:
		et = u.Elem()
	case *types.Pointer:
		at, ok := u.Elem().Underlying().(*types.Array)
		if !ok {
			return nil, false
		}
		et = at.Elem()
	default:
		return nil, false
	}
	return ia, isUint8(et)
}

// isByteArray reports whether t is an array of bytes.
func isByteArray(t types.Type) bool {
	if t == nil {
		return false
	}
	at, ok := t.Underlying().(*types.Array)
	return ok && isUint8(at.Elem())
}

func isUint8(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// liveBytes reports whether every use of the address v (a view or a
// field or element address of one) is a load or store through it, or
// such an address of it in turn.
func liveBytes(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || r.CommaOk {
				return false
			}
		case *ssa.Store:
			if r.Addr != v || r.Val == v {
				return false
			}
		case *ssa.FieldAddr:
			if !liveBytes(r) {
				return false
			}
		case *ssa.IndexAddr:
			if !liveBytes(r) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// findByteViews records the byte views of the function being compiled
// (c.bviews): the conversions, and the field and element addresses of
// the live ones.
func (c *compiler) findByteViews() {
	for _, b := range c.f.ssa.Blocks {
		for _, ins := range b.Instrs {
			conv, ok := ins.(*ssa.Convert)
			if !ok {
				continue
			}
			v := byteViewOf(conv)
			if v == nil {
				continue
			}
			if c.bviews == nil {
				c.bviews = map[ssa.Value]*byteView{}
			}
			c.bviews[conv] = v
			if v.live {
				c.addrsOfView(conv, v)
			}
		}
	}
}

func (c *compiler) addrsOfView(a ssa.Value, v *byteView) {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr:
			c.bviews[r.(ssa.Value)] = v
			c.addrsOfView(r.(ssa.Value), v)
		}
	}
}

// A live view's address is held in its register as value{r: the bytes
// from the view's first to the end of their array ([]value), n: the
// offset of the address in them}; value{} for a nil pointer.

// byteViewOp compiles ins if it is part of a byte view: the conversion,
// a field or element address of a live one, and the loads and stores
// through them. nil otherwise.
func (c *compiler) byteViewOp(ins ssa.Instruction) op {
	if c.bviews == nil {
		return nil
	}
	switch ins := ins.(type) {
	case *ssa.Convert:
		v := c.bviews[ins]
		if v == nil {
			return nil
		}
		x, d := c.slot(ins.X), c.slots[ins]
		U := v.U
		if !v.live {
			T := pointerOrigin(ins.X)
			return func(fr *frame) *frame {
				unsupported("unsafe: converting *%s to *%s, a pointer that is kept (mcheck lays plain data over bytes only where the pointer is dereferenced at once: (*T)(unsafe.Pointer(&b[i])).f = v)", T, U)
				return nil
			}
		}
		array := v.array
		return func(fr *frame) *frame {
			fr.regs[d] = fr.g.m.bytesFrom(fr.regs[x], U, array)
			return fr
		}
	case *ssa.FieldAddr:
		if c.bviews[ins] == nil {
			return nil
		}
		st := deref(ins.X.Type()).Underlying().(*types.Struct)
		fields := make([]*types.Var, st.NumFields())
		for i := range fields {
			fields[i] = st.Field(i)
		}
		off := uint64(gcSizes.Offsetsof(fields)[ins.Field])
		x, d := c.slot(ins.X), c.slots[ins]
		return func(fr *frame) *frame {
			p := fr.regs[x]
			if p.r == nil {
				throwPanic(nilDeref())
			}
			fr.regs[d] = value{r: p.r, n: p.n + off}
			return fr
		}
	case *ssa.IndexAddr:
		if c.bviews[ins] == nil {
			return nil
		}
		at := deref(ins.X.Type()).Underlying().(*types.Array)
		n, es := uint64(at.Len()), uint64(gcSizes.Sizeof(at.Elem()))
		signed := c.rt(ins.Index.Type()).kind.isSigned()
		x, i, d := c.slot(ins.X), c.slot(ins.Index), c.slots[ins]
		return func(fr *frame) *frame {
			p := fr.regs[x]
			if p.r == nil {
				throwPanic(nilDeref())
			}
			k := fr.regs[i].n
			if k >= n {
				throwRuntime(boundsMsg(k, signed, int(n)))
			}
			fr.regs[d] = value{r: p.r, n: p.n + k*es}
			return fr
		}
	case *ssa.UnOp:
		if v := c.bviews[ins.X]; v != nil && v.live && ins.Op == token.MUL {
			return c.byteViewLoad(ins, v)
		}
	case *ssa.Store:
		if v := c.bviews[ins.Addr]; v != nil && v.live {
			return c.byteViewStore(ins, v)
		}
	}
	return nil
}

// bytesFrom is the register of a live view *U made from p, an
// unsafe.Pointer to a byte, or to a byte array if array.
func (m *Machine) bytesFrom(p value, U types.Type, array bool) value {
	c, ok := p.r.(*value)
	if !ok || c == nil {
		if isNilRef(p.r) {
			return value{}
		}
		unsupported("unsafe: laying a %s over %s", U, notMemory(p.r))
	}
	if a, ok := c.r.(agg); ok && array {
		return value{r: []value(a)}
	}
	pl, ok := m.uns.places[c]
	if !ok || pl.a.arr == nil || pl.a.esize != 1 || !isUint8(pl.a.etype) {
		unsupported("unsafe: laying a %s over a byte that mcheck does not know to be in a []byte or a byte array", U)
	}
	pl.a.checkMapped()
	return value{r: pl.a.arr[pl.off:]}
}

// viewBytes returns the size bytes that the view address p points to.
func viewBytes(p value, size int64, l *plainLayout) []value {
	if p.r == nil {
		throwPanic(nilDeref())
	}
	b := p.r.([]value)
	if int64(p.n)+size > int64(len(b)) {
		unsupported("unsafe: %d bytes of a %s at offset %d of %d bytes: past their end", size, l.t, p.n, len(b))
	}
	return b[p.n : int64(p.n)+size]
}

func (c *compiler) byteViewLoad(ins *ssa.UnOp, v *byteView) op {
	x, d := c.slot(ins.X), c.slots[ins]
	l := plainLayoutOf(ins.Type())
	track := v.track
	return func(fr *frame) *frame {
		b := viewBytes(fr.regs[x], l.size, l)
		if track && fr.g.m.watch && fr.g.m.memBulk(fr, b, nil) {
			fr.pc--
			return nil
		}
		fr.regs[d] = l.decode(b)
		return fr
	}
}

func (c *compiler) byteViewStore(ins *ssa.Store, v *byteView) op {
	a, val := c.slot(ins.Addr), c.slot(ins.Val)
	l := plainLayoutOf(ins.Val.Type())
	track := v.track
	if l.padded {
		return func(fr *frame) *frame {
			unsupported("unsafe: storing a whole %s, which has padding, over bytes (natively the padding bytes are copied too)", l.t)
			return nil
		}
	}
	return func(fr *frame) *frame {
		b := viewBytes(fr.regs[a], l.size, l)
		if track && fr.g.m.watch && fr.g.m.memBulk(fr, nil, b) {
			fr.pc--
			return nil
		}
		l.encode(fr.regs[val], b)
		return fr
	}
}
