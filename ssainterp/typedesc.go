package ssainterp

import (
	"go/types"
	"hash/fnv"
)

// The runtime's type descriptors, read through an interface's type word.
//
// Libraries that want the runtime's hash function for a key type
// (github.com/dolthub/maphash, under otter and others) take the type word
// of an interface holding a map[K]struct{}, convert it to a pointer to
// their own copy of the runtime's map type, and call its hasher. mcheck
// has no descriptors: a type word is a cell per type (typeWord). When the
// program converts such a word to a pointer to a struct, the cell is
// filled, once, with a descriptor laid out as that struct, whose fields
// are given by their byte offset in internal/abi's Type and MapType as Go
// 1.26 lays them out on 64-bit machines:
//
//	 0 Size_        the type's size (types.Sizes of gc/amd64)
//	20 TFlag        TFlagNamed for a named type, TFlagDirectIface for a pointer-shaped one
//	21 Align_, 22 FieldAlign_
//	23 Kind_        the type's kind (reflect.Kind's numbering)
//	16 Hash         a hash of the type's name (natively another number, as arbitrary)
//	24 Equal        Go's == on two pointers to values of the type
//	48 Key, 56 Elem of a map type: their type words
//	72 Hasher       of a map type: a hash of a pointer to a key and a seed,
//	                consistent with == on the key type (as the map's own)
//
// Every other field (PtrBytes, GCData, Str, Group, GroupSize, the map's
// flags, and fields of other kinds' descriptors) reads as zero: no
// program we know reads them, and mcheck cannot give their native
// values. A field declared with a type the offset does not hold (a
// Hasher declared as uintptr) also reads as zero.

// Offsets of the fields of internal/abi.Type and MapType on 64-bit
// machines.
const (
	descSize       = 0
	descHash       = 16
	descTFlag      = 20
	descAlign      = 21
	descFieldAlign = 22
	descKind       = 23
	descEqual      = 24
	descMapKey     = 48
	descMapElem    = 56
	descMapHasher  = 72

	tflagNamed       = 1 << 2
	tflagDirectIface = 1 << 5
)

// descriptorView is (*U)(p) for p the type word cell c of type t: c is
// filled with t's descriptor laid out as U the first time, and stays so.
func (m *Machine) descriptorView(p value, c *value, t *rtype, U types.Type) value {
	if !isAggregateType(U) {
		// A word of the descriptor read directly: its first field.
		return value{r: &value{n: m.descriptorField(t, descSize, U).n}}
	}
	if have := m.uns.hints[c]; have != nil {
		if !sameLayout(have, U) {
			unsupported("unsafe: the runtime's type descriptor of %s read as *%s and as *%s", t.name, have, U)
		}
		return p
	}
	*c = m.descriptorPart(t, 0, U)
	m.uns.typeHint(c, U)
	return p
}

// descriptorPart is the part of t's descriptor at byte offset off laid
// out as type U.
func (m *Machine) descriptorPart(t *rtype, off int64, U types.Type) value {
	switch u := U.Underlying().(type) {
	case *types.Struct:
		fields := make([]*types.Var, u.NumFields())
		for i := range fields {
			fields[i] = u.Field(i)
		}
		offs := gcSizes.Offsetsof(fields)
		parts := make(agg, len(fields))
		for i, f := range fields {
			parts[i] = m.descriptorPart(t, off+offs[i], f.Type())
		}
		return value{r: parts}
	case *types.Array:
		size := gcSizes.Sizeof(u.Elem())
		parts := make(agg, u.Len())
		for i := range parts {
			parts[i] = m.descriptorPart(t, off+int64(i)*size, u.Elem())
		}
		return value{r: parts}
	}
	return m.descriptorField(t, off, U)
}

// descriptorField is the scalar field of t's descriptor at byte offset
// off, declared with type U (zero if the offset holds nothing mcheck
// models, or not a U).
func (m *Machine) descriptorField(t *rtype, off int64, U types.Type) value {
	zero := m.prog.rtypeOf(U).zero()
	sig, isFunc := U.Underlying().(*types.Signature)
	b, isBasic := U.Underlying().(*types.Basic)
	isInt := isBasic && b.Info()&types.IsInteger != 0
	_, isPtr := U.Underlying().(*types.Pointer)
	isPtr = isPtr || isBasic && b.Kind() == types.UnsafePointer
	size := gcSizes.Sizeof(U)
	mt, isMap := t.t.Underlying().(*types.Map)
	switch {
	case off == descSize && isInt && size == 8:
		return value{n: uint64(gcSizes.Sizeof(t.t))}
	case off == descHash && isInt && size == 4:
		h := fnv.New32a()
		h.Write([]byte(t.name))
		return value{n: uint64(h.Sum32())}
	case off == descTFlag && isInt && size == 1:
		var f uint64
		if _, named := types.Unalias(t.t).(*types.Named); named {
			f |= tflagNamed
		}
		if pointerShaped(t.t) {
			f |= tflagDirectIface
		}
		return value{n: f}
	case (off == descAlign || off == descFieldAlign) && isInt && size == 1:
		return value{n: uint64(gcSizes.Alignof(t.t))}
	case off == descKind && isInt && size == 1:
		return value{n: uint64(t.reflectKind())}
	case off == descEqual && isFunc && sameSignature(sig, "func(unsafe.Pointer, unsafe.Pointer) bool"):
		return value{r: m.descriptorFunc(t, "equal")}
	case isMap && (off == descMapKey || off == descMapElem) && isPtr:
		e := mt.Key()
		if off == descMapElem {
			e = mt.Elem()
		}
		return m.typeWord(m.prog.rtypeOf(e))
	case isMap && off == descMapHasher && isFunc && sameSignature(sig, "func(unsafe.Pointer, uintptr) uintptr"):
		return value{r: m.descriptorFunc(m.prog.rtypeOf(mt.Key()), "hasher")}
	}
	return zero
}

// sameSignature reports whether sig is written as want.
func sameSignature(sig *types.Signature, want string) bool {
	return types.TypeString(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()), nil) == want
}

// pointerShaped reports whether a value of type t is stored in an
// interface's data word itself.
func pointerShaped(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Struct:
		return u.NumFields() == 1 && pointerShaped(u.Field(0).Type())
	case *types.Array:
		return u.Len() == 1 && pointerShaped(u.Elem())
	}
	return false
}

// descriptorFunc is the function value of a descriptor: "equal" (Go's ==
// on two pointers to values of type t) or "hasher" (a hash of a pointer
// to a value of type t and a seed, consistent with ==). One per type and
// kind, so that the descriptor's func words compare as natively.
func (m *Machine) descriptorFunc(t *rtype, kind string) *closure {
	key := [2]any{t, kind}
	if m.uns.descFuncs == nil {
		m.uns.descFuncs = map[[2]any]*closure{}
	}
	if cl := m.uns.descFuncs[key]; cl != nil {
		return cl
	}
	at := func(m *Machine, p value) value {
		c, _ := p.r.(*value)
		if c == nil && p.n != 0 {
			c, _ = m.pointerAt(uintptr(p.n), t.t, "the runtime's "+kind+" of "+t.name).r.(*value)
		}
		if c == nil {
			throwPanic(nilDeref())
		}
		return m.load(c, t)
	}
	fn := &function{prog: m.prog, name: "runtime." + kind + "(" + t.name + ")", external: true}
	if kind == "equal" {
		fn.model = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, boolVal(equal(t, at(m, args[0]), at(m, args[1]))))
			return fr
		}
	} else {
		fn.model = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, value{n: m.valueHash(t, at(m, args[0]), args[1].n)})
			return fr
		}
	}
	cl := &closure{fn: fn}
	m.uns.descFuncs[key] = cl
	return cl
}
