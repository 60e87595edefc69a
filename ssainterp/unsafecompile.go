package ssainterp

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Compiling unsafe code (see unsafe.go): the instructions that convert
// unsafe.Pointers (unsafeConvert) and unsafe.Add, with the static origin of
// a pointer where SSA knows it (pointerOrigin).

// pointerOrigin returns T if the unsafe.Pointer v is statically a
// conversion of a *T, or unsafe.Add of such a pointer into an array's
// elements (T their type); nil if unknown.
func pointerOrigin(v ssa.Value) types.Type {
	switch x := v.(type) {
	case *ssa.Call:
		return addOrigin(x) // unsafe.Add
	case *ssa.Convert:
		if p, ok := x.X.Type().Underlying().(*types.Pointer); ok {
			return p.Elem()
		}
	case *ssa.ChangeType:
		return pointerOrigin(x.X)
	}
	return nil
}

// addOrigin is pointerOrigin of a pointer stepped from another
// (pointerAdd): the type of the elements of the array it steps through,
// or the type of what it points to; nil if unknown.
func addOrigin(v ssa.Value) types.Type {
	if base, ok := pointerAdd(v); ok {
		if t := pointerOrigin(base); t != nil {
			if at, ok := t.Underlying().(*types.Array); ok {
				return at.Elem()
			}
			if isAggregateType(t) {
				return nil // a field, known only at run time
			}
			return t
		}
	}
	return nil
}

// pointerAdd reports whether the unsafe.Pointer v is base stepped by an
// offset: unsafe.Add(base, n), or the same written with uintptr
// arithmetic, unsafe.Pointer(uintptr(base) + n), and returns base.
func pointerAdd(v ssa.Value) (base ssa.Value, ok bool) {
	switch x := v.(type) {
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "Add" {
			return x.Call.Args[0], true
		}
	case *ssa.Convert:
		sum, ok := x.X.(*ssa.BinOp)
		if !ok || sum.Op != token.ADD || !isUnsafePointer(x.Type()) {
			return nil, false
		}
		for _, u := range []ssa.Value{sum.X, sum.Y} {
			if c, ok := u.(*ssa.Convert); ok && isUnsafePointer(c.X.Type()) {
				return c.X, true
			}
		}
	}
	return nil, false
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
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
		if pt := from.Underlying().(*types.Pointer).Elem(); isAggregateType(pt) && c.rt(pt).kind != kNative {
			// The pointee's type, for code that converts the pointer back
			// where its static type is lost (a parameter): see typeHint.
			return func(fr *frame) *frame {
				if q, ok := fr.regs[x].r.(*value); ok && q != nil {
					fr.g.m.uns.typeHintOnce(q, pt)
				}
				fr.regs[d] = fr.regs[x]
				return fr
			}
		}
		if place := c.placeOperand(ins.X); place != nil {
			return func(fr *frame) *frame {
				place(fr)
				fr.regs[d] = fr.g.m.unreinterpret(fr.regs[x])
				return fr
			}
		}
		return func(fr *frame) *frame { fr.regs[d] = fr.g.m.unreinterpret(fr.regs[x]); return fr }
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
