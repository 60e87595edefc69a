package ssainterp

import "reflect"

// nativeMemo remembers, for the duration of one native call, the native
// pointer made for each interpreted memory cell passed to it (through
// any depth of fields, elements and interfaces), and the way back. With
// it, converting a value whose pointers form a cycle (a node whose
// interface field holds the node) ends, shared pointers stay shared in
// native memory, and what comes back from native code (copy-back of
// pointer arguments, results) points at the original cells again, so
// that after fmt.Println(a), a.B == b still holds.
type nativeMemo struct {
	to   map[*value]reflect.Value
	back map[uintptr]memoBack
}

type memoBack struct {
	cell *value
	rt   *rtype       // the interpreted pointer type
	nt   reflect.Type // the native one (a pointer to a first field has the same address)
}

// native returns the native pointer of type nt made for cell c in this
// call, if any.
func (mm *nativeMemo) native(c *value, nt reflect.Type) (reflect.Value, bool) {
	if mm == nil {
		return reflect.Value{}, false
	}
	x, ok := mm.to[c]
	return x, ok && x.Type() == nt
}

// add records that native pointer x stands for cell c, of pointer type
// rt; it returns the memo (made on first use).
func (mm *nativeMemo) add(c *value, rt *rtype, x reflect.Value) *nativeMemo {
	if mm == nil {
		mm = &nativeMemo{to: map[*value]reflect.Value{}, back: map[uintptr]memoBack{}}
	}
	if _, ok := mm.to[c]; !ok {
		mm.to[c] = x
	}
	mm.back[x.Pointer()] = memoBack{c, rt, x.Type()}
	return mm
}

// cell returns the interpreted cell, and its pointer type, that native
// pointer rv was made for in this call, or nil.
func (mm *nativeMemo) cell(rv reflect.Value) (*value, *rtype) {
	if mm == nil || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, nil
	}
	b, ok := mm.back[rv.Pointer()]
	if !ok || b.rt.t == nil || b.nt != rv.Type() {
		return nil, nil
	}
	return b.cell, b.rt
}
