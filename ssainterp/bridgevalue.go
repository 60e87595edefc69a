package ssainterp

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/mcheck-dev/mcheck/ssainterp/internal/stdlib"
	"golang.org/x/tools/go/ssa"
)

// Values across the bridge (bridge.go): toNative converts an interpreted
// value to a native one, fromNative back; memory a native call may write
// is copied back (copyBack); bridged packages' globals are loaded and
// stored natively (loadNative, storeNative).

// toNative converts v, of interpreted type rt, to a native value of type
// nt (nt may be an interface type the value is boxed in).
func (m *Machine) toNative(rt *rtype, v value, nt reflect.Type) reflect.Value {
	if rt.kind == kInterface {
		i, _ := v.r.(*iface)
		if i == nil {
			return reflect.Zero(nt)
		}
		// An interpreted implementation of a native interface with
		// methods (io.Writer): a wrapper calls back, unless the printing
		// wrapper (wrap, for a type with String or Error) satisfies it.
		_, native := i.v.r.(reflect.Value)
		callback := !native && nt.NumMethod() > 0 && i.t.t != nil && i.t.prog.interpretedRecv(i.t.t)
		var rv reflect.Value
		if callback && !i.t.wrapped() {
			rv = m.wrapFor(i, nt)
		} else {
			rv = m.dynToNative(i)
			if callback && rv.IsValid() && !rv.Type().Implements(nt) {
				rv = m.wrapFor(i, nt)
			}
		}
		if !rv.IsValid() {
			return reflect.Zero(nt)
		}
		if nt.Kind() == reflect.Interface && !rv.Type().Implements(nt) {
			panic(&internalFault{msg: fmt.Sprintf("unsupported: %s does not implement %s natively", i.t.name, nt)})
		}
		out := reflect.New(nt).Elem()
		out.Set(rv)
		return out
	}
	if nt == unsafePointerType && rt.kind == kPointer {
		// A pointer back into a recursive type crosses opaquely (see
		// computeNativeType); fromNative turns it back.
		switch p := v.r.(type) {
		case *value:
			return reflect.ValueOf(unsafe.Pointer(p))
		case reflect.Value:
			return reflect.ValueOf(p.UnsafePointer())
		}
		return reflect.Zero(nt)
	}
	rv := m.plainToNative(rt, v)
	if rv.Type() != nt {
		if nt.Kind() == reflect.Interface {
			out := reflect.New(nt).Elem()
			out.Set(rv)
			return out
		}
		if rv.Type().ConvertibleTo(nt) {
			return rv.Convert(nt)
		}
	}
	return rv
}

// dynToNative converts the dynamic value of an interface.
func (m *Machine) dynToNative(i *iface) reflect.Value {
	if rv, ok := i.v.r.(reflect.Value); ok && (i.t.t == nil || i.t.kind == kNative || i.t.kind == kPointer) {
		return rv
	}
	if i.t.wrapped() {
		return m.wrap(i)
	}
	return m.plainToNative(i.t, i.v)
}

// reflectWrap stands in for a reflect.Type or reflect.Value of the model
// in native code: fmt prints a Type's name and a Value's content, and the
// original comes back unchanged.
type reflectWrap struct {
	i *iface
	x any // the name of a Type; a Value's content as a native reflect.Value
}

func (w *reflectWrap) unwrap() *iface { return w.i }
func (w *reflectWrap) String() string { return fmt.Sprint(w.x) }

func (w *reflectWrap) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), w.x)
}

func (m *Machine) wrapReflect(rt *rtype, v value) reflect.Value {
	w := &reflectWrap{i: &iface{t: rt, v: v}}
	if t, ok := v.r.(*rtype); ok {
		w.x = t.name
	} else if r, _ := v.r.(*rvalue); r == nil || r.meth != "" {
		w.x = reflect.Value{}
	} else {
		w.x = m.toNative(m.prog.anyRtype(), m.ifaceOf(r), anyType).Elem()
	}
	return reflect.ValueOf(w)
}

// plainToNative converts a value of a concrete type. The basic types,
// interfaces and native values, the commonest, convert here; pointers
// (pointerToNative), aggregates (aggregateToNative) and functions and
// channels (refToNative) in functions of their own.
func (m *Machine) plainToNative(rt *rtype, v value) reflect.Value {
	if rt.kind == kModel || rt.kind == kPointer {
		if rf := m.prog.reflectLoaded(); rf != nil && (rt == rf.typePtr || rt == rf.value) {
			return m.wrapReflect(rt, v)
		}
	}
	nt, err := rt.nativeType()
	if err != nil {
		panic(&internalFault{msg: err.Error()})
	}
	if nt == basicNative[rt.kind] {
		// Unnamed basic types box directly.
		switch rt.kind {
		case kString:
			return reflect.ValueOf(v.str())
		case kInt:
			return reflect.ValueOf(int(v.int()))
		case kInt64:
			return reflect.ValueOf(v.int())
		case kUint8:
			return reflect.ValueOf(uint8(v.n))
		case kInt32:
			return reflect.ValueOf(int32(v.n))
		case kBool:
			return reflect.ValueOf(v.bool())
		case kFloat64:
			return reflect.ValueOf(v.float())
		}
	}
	switch rt.kind {
	case kBool:
		return reflect.ValueOf(v.bool()).Convert(nt)
	case kInt, kInt8, kInt16, kInt32, kInt64:
		x := reflect.New(nt).Elem()
		x.SetInt(v.int())
		return x
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		x := reflect.New(nt).Elem()
		x.SetUint(v.n)
		return x
	case kFloat32, kFloat64:
		x := reflect.New(nt).Elem()
		x.SetFloat(v.float())
		return x
	case kComplex64, kComplex128:
		x := reflect.New(nt).Elem()
		x.SetComplex(v.cplx())
		return x
	case kString:
		x := reflect.New(nt).Elem()
		x.SetString(v.str())
		return x
	case kModel:
		return reflect.New(nt).Elem()
	case kNative:
		if rv, ok := v.r.(reflect.Value); ok {
			return rv
		}
	case kInterface:
		i, _ := v.r.(*iface)
		if i == nil {
			return reflect.Zero(nt)
		}
		x := reflect.New(nt).Elem()
		x.Set(m.dynToNative(i))
		return x
	case kPointer:
		if x, ok := m.pointerToNative(rt, v, nt); ok {
			return x
		}
	case kSlice, kArray, kStruct, kMap:
		return m.aggregateToNative(rt, v, nt)
	case kFunc, kChan, kUnsafePointer:
		return m.refToNative(rt, v, nt)
	}
	panic(&internalFault{msg: fmt.Sprintf("unsupported: passing %s to native code", rt.name)})
}

// pointerToNative converts v, a pointer of type rt, to native type nt:
// a copy of what it points to, copied back after the call (copyBack).
// ok is false for a pointer that cannot cross.
func (m *Machine) pointerToNative(rt *rtype, v value, nt reflect.Type) (x reflect.Value, ok bool) {
	if nt == unsafePointerType {
		c, _ := v.r.(*value)
		return reflect.ValueOf(unsafe.Pointer(c)), true
	}
	switch p := v.r.(type) {
	case nil:
		return reflect.Zero(nt), true
	case reflect.Value:
		return p, true
	case *value:
		if p == nil {
			return reflect.Zero(nt), true
		}
		if rv, ok := p.r.(reflect.Value); ok && rv.CanAddr() && rv.Type() == nt.Elem() {
			return rv.Addr(), true // a native struct held in interpreted memory
		}
		if x, ok := m.memo.native(p, nt); ok {
			return x, true // converted already in this call: a cycle, or shared
		}
		// A copy: native code sees the value at the call; writes
		// are copied back by copyBack.
		x := reflect.New(nt.Elem())
		m.memo = m.memo.add(p, rt, x)
		x.Elem().Set(m.toNative(rt.elem, *p, nt.Elem()))
		m.pendingCopyBack = append(m.pendingCopyBack, copyBack{cell: p, rt: rt.elem, nv: x})
		return x, true
	}
	return reflect.Value{}, false
}

// aggregateToNative converts v, a slice, array, struct or map of type
// rt, to native type nt, element by element (a slice's elements are
// copied back after the call).
func (m *Machine) aggregateToNative(rt *rtype, v value, nt reflect.Type) reflect.Value {
	switch rt.kind {
	case kSlice:
		s := v.slice()
		if s == nil {
			return reflect.Zero(nt)
		}
		x := reflect.MakeSlice(nt, len(s), len(s))
		et := nt.Elem()
		for i := range s {
			x.Index(i).Set(m.toNativeElem(rt.elem, s[i], et))
		}
		m.pendingCopyBack = append(m.pendingCopyBack, copyBack{slice: s, rt: rt.elem, nv: x})
		return x
	case kArray:
		x := reflect.New(nt).Elem()
		et := nt.Elem()
		for i, e := range v.agg() {
			x.Index(i).Set(m.toNativeElem(rt.elem, e, et))
		}
		return x
	case kStruct:
		x := reflect.New(nt).Elem()
		for i, f := range v.agg() {
			fv := x.Field(i)
			if !fv.CanSet() {
				fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
			}
			ft := rt.fields[i]
			if rt.fieldWrapped(i) {
				fv.Set(m.wrap(&iface{t: ft, v: f}))
				continue
			}
			fv.Set(m.toNative(ft, f, fv.Type()))
		}
		return x
	}
	mp, _ := v.r.(*mapV)
	if mp == nil {
		return reflect.Zero(nt)
	}
	x := reflect.MakeMapWithSize(nt, mp.len())
	for _, e := range mp.entries {
		if !e.dead {
			x.SetMapIndex(m.toNativeKey(rt.key, e.k, nt.Key()), m.toNativeElem(rt.elem, e.v, nt.Elem()))
		}
	}
	return x
}

// refToNative converts v, a function, a channel or an unsafe.Pointer of
// type rt, to native type nt: a bridged function as itself, an
// interpreted one as a callback, a channel as its stand-in (chanToken).
func (m *Machine) refToNative(rt *rtype, v value, nt reflect.Type) reflect.Value {
	switch rt.kind {
	case kFunc:
		switch f := v.r.(type) {
		case nil:
			return reflect.Zero(nt)
		case reflect.Value:
			return f
		case *closure:
			if f.fn.ssa != nil && f.fn.external && f.fn.model == nil {
				if nf := m.prog.resolveNative(f.fn); nf.err == nil && !nf.method && nf.fn.Type() == nt {
					return nf.fn // a bridged function passed as a value
				}
			}
			return m.callback(rt, f, nt)
		}
	case kChan:
		ch, _ := v.r.(*chanV)
		if ch == nil {
			return reflect.Zero(nt)
		}
		return m.chanToken(ch, nt)
	case kUnsafePointer:
		return reflect.Zero(nt)
	}
	panic(&internalFault{msg: fmt.Sprintf("unsupported: passing %s to native code", rt.name)})
}

// chanToken returns the native stand-in for interpreted channel ch, the
// same one each time, as type nt.
func (m *Machine) chanToken(ch *chanV, nt reflect.Type) reflect.Value {
	tok, ok := m.chanTokens[ch]
	if !ok {
		tok = reflect.MakeChan(reflect.ChanOf(reflect.BothDir, nt.Elem()), 0)
		if m.chanTokens == nil {
			m.chanTokens, m.chanOf = map[*chanV]reflect.Value{}, map[uintptr]*chanV{}
		}
		m.chanTokens[ch] = tok
		m.chanOf[tok.Pointer()] = ch
	}
	return tok.Convert(nt)
}

// copyBack records native memory made for an interpreted pointer or
// slice argument, copied back after the native call returns (so
// json.Unmarshal into &v, or a read into a []byte buffer, is seen).
type copyBack struct {
	cell  *value
	slice []value
	rt    *rtype
	nv    reflect.Value
}

func (m *Machine) applyCopyBack(cbs []copyBack) {
	for _, cb := range cbs {
		if cb.cell != nil {
			*cb.cell = m.fromNativeInto(cb.rt, cb.nv.Elem(), *cb.cell)
			continue
		}
		for i := range cb.slice {
			nv := m.fromNativeElem(cb.rt, cb.nv.Index(i))
			if m.watch && changed(cb.rt, cb.slice[i], nv) {
				// The native code wrote this element (a summary of its
				// accesses for the race detector).
				m.nativeAccess(&cb.slice[i], true)
			}
			cb.slice[i] = nv
		}
	}
}

// changed reports whether a scalar or string element differs.
func changed(rt *rtype, old, new value) bool {
	switch {
	case rt.kind == kString:
		return old.str() != new.str()
	case rt.kind <= kFloat64:
		return old.n != new.n
	}
	return false
}

// nativeAccess records an access made by native code for the current
// goroutine (race check only: a native call is one step).
func (m *Machine) nativeAccess(c *value, write bool) {
	if g := m.cur; g != nil && g.top != nil {
		m.memAccessMaybeStop(g.top, c, write, false)
	}
}

// fromNativeInto converts rv back into the representation of rt, updating
// old in place where it is an aggregate (so pointers into it stay valid).
func (m *Machine) fromNativeInto(rt *rtype, rv reflect.Value, old value) value {
	if rt.kind == kModel {
		return old // the model's state is not native
	}
	if rt.kind == kStruct {
		if a, ok := old.r.(agg); ok {
			for i := range a {
				fv := rv.Field(i)
				if !fv.CanInterface() {
					fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
				}
				if rt.fieldWrapped(i) {
					continue // a wrapper is not written by native code
				}
				a[i] = m.fromNativeInto(rt.fields[i], fv, a[i])
			}
			return old
		}
	}
	return m.fromNative(rt, rv)
}

// fromNative converts a native value to the representation of rt. The
// scalars, interfaces and pointers, the commonest, convert here;
// aggregates (fromNativeAggregate) and the other kinds (fromNativeRef)
// in functions of their own.
func (m *Machine) fromNative(rt *rtype, rv reflect.Value) value {
	if rt.kind == kModel {
		return fromNativeModel(rv)
	}
	if !rv.CanInterface() && rv.IsValid() && rv.CanAddr() {
		rv = reflect.NewAt(rv.Type(), unsafe.Pointer(rv.UnsafeAddr())).Elem()
	}
	switch rt.kind {
	case kBool:
		return boolVal(rv.Bool())
	case kInt, kInt8, kInt16, kInt32, kInt64:
		return intVal(rv.Int())
	case kUint, kUint8, kUint16, kUint32, kUint64, kUintptr:
		return value{n: rv.Uint()}
	case kFloat32, kFloat64:
		return f64Val(rv.Float())
	case kComplex64, kComplex128:
		return value{r: rv.Complex()}
	case kString:
		return strVal(rv.String())
	case kInterface:
		if !rv.IsValid() || (rv.Kind() == reflect.Interface && rv.IsNil()) {
			return value{}
		}
		if rv.Kind() == reflect.Interface {
			rv = rv.Elem()
		}
		if w, ok := rv.Interface().(wrapper); ok {
			return value{r: w.unwrap()}
		}
		if cell, pt := m.memo.cell(rv); cell != nil {
			return value{r: &iface{t: pt, v: value{r: cell}}}
		}
		dt := m.prog.nativeRtype(rv.Type())
		return value{r: &iface{t: dt, v: m.fromNative(dt, rv)}}
	case kPointer:
		if rv.Type() == unsafePointerType {
			return value{r: (*value)(rv.UnsafePointer())}
		}
		if rv.IsNil() {
			return value{}
		}
		if w, ok := rv.Interface().(wrapper); ok {
			return w.unwrap().v
		}
		if cell, _ := m.memo.cell(rv); cell != nil {
			return value{r: cell}
		}
		return value{r: rv}
	case kSlice, kArray, kStruct, kMap:
		return m.fromNativeAggregate(rt, rv)
	}
	return m.fromNativeRef(rt, rv)
}

// fromNativeModel converts a native value to a modelled type's
// representation: the wrapped value of one that crossed to native code,
// or fresh state.
func fromNativeModel(rv reflect.Value) value {
	if rv.IsValid() && rv.CanInterface() {
		if w, ok := rv.Interface().(*reflectWrap); ok {
			return w.i.v
		}
	}
	return value{} // fresh state
}

// fromNativeAggregate converts a native slice, array, struct or map to
// the representation of rt, element by element.
func (m *Machine) fromNativeAggregate(rt *rtype, rv reflect.Value) value {
	switch rt.kind {
	case kSlice:
		if rv.IsNil() {
			return value{}
		}
		s := make([]value, rv.Len(), rv.Cap())
		for i := range s {
			s[i] = m.fromNativeElem(rt.elem, rv.Index(i))
		}
		return value{r: s}
	case kArray:
		a := make(agg, rv.Len())
		for i := range a {
			a[i] = m.fromNativeElem(rt.elem, rv.Index(i))
		}
		return value{r: a}
	case kStruct:
		a := make(agg, len(rt.fields))
		for i := range a {
			fv := rv.Field(i)
			if rt.fieldWrapped(i) {
				if w, ok := fv.Interface().(wrapper); ok {
					a[i] = w.unwrap().v
					continue
				}
				a[i] = rt.fields[i].zero()
				continue
			}
			a[i] = m.fromNative(rt.fields[i], fv)
		}
		return value{r: a}
	}
	if rv.IsNil() {
		return value{}
	}
	mp := newMap(rt, m)
	it := rv.MapRange()
	var keys []reflect.Value
	vals := map[int]reflect.Value{}
	for it.Next() {
		vals[len(keys)] = it.Value()
		keys = append(keys, it.Key())
	}
	for i, k := range keys {
		mp.set(m.fromNativeElem(rt.key, k), m.fromNativeElem(rt.elem, vals[i]))
	}
	return value{r: mp}
}

// fromNativeRef converts a value of a native type (held as a
// reflect.Value), a function, a channel or an unsafe.Pointer to the
// representation of rt.
func (m *Machine) fromNativeRef(rt *rtype, rv reflect.Value) value {
	switch rt.kind {
	case kNative:
		if rv.Kind() == reflect.Interface {
			rv = rv.Elem()
		}
		if rt.t == nil {
			return value{r: rv}
		}
		c := reflect.New(rv.Type()).Elem()
		c.Set(rv)
		return value{r: c}
	case kFunc:
		if rv.IsNil() {
			return value{}
		}
		return value{r: rv}
	case kChan:
		if rv.IsNil() {
			return value{}
		}
		ch, ok := m.chanOf[rv.Pointer()]
		if !ok {
			panic(&internalFault{msg: "unsupported: a channel made by native code (" + rv.Type().String() + ")"})
		}
		return value{r: ch}
	case kUnsafePointer:
		return value{}
	}
	panic(&internalFault{msg: "unsupported: native value of type " + rt.name})
}

// nativeVar resolves a global of a bridged package.
func (p *Program) nativeVar(g *ssa.Global) (value, error) {
	key := g.Pkg.Pkg.Path() + "." + g.Name()
	if key == "os.Args" { // the program's own: see SetArgs
		return value{r: reflect.ValueOf(&p.osArgs)}, nil
	}
	if v, ok := stdlib.Vars[key]; ok {
		return value{r: v}, nil
	}
	return value{}, fmt.Errorf("package variable %s is not available to interpreted code", key)
}

func loadNative(m *Machine, q any, rt *rtype) value {
	switch p := q.(type) {
	case reflect.Value:
		if p.IsNil() {
			throwPanic(nilDeref())
		}
		return m.fromNative(rt, p.Elem())
	case *arrayView:
		return value{r: agg(p.s)}
	case *reinterp:
		reinterpAccess(p)
	}
	panic(&internalFault{msg: fmt.Sprintf("internal error: load through %T", q)})
}

func storeNative(m *Machine, q any, v value, rt *rtype) {
	switch p := q.(type) {
	case reflect.Value:
		if p.IsNil() {
			throwPanic(nilDeref())
		}
		e := p.Elem()
		if !e.CanSet() {
			e = reflect.NewAt(e.Type(), unsafe.Pointer(e.UnsafeAddr())).Elem()
		}
		e.Set(m.toNative(rt, v, e.Type()))
		return
	case *arrayView:
		copy(p.s, v.agg())
		return
	case *reinterp:
		reinterpAccess(p)
	}
	panic(&internalFault{msg: fmt.Sprintf("internal error: store through %T", q)})
}

func nativeFieldAddr(p any, i int) reflect.Value {
	if c, isCell := p.(*value); isCell && c != nil {
		// A native struct inside interpreted memory (a field of an
		// interpreted struct, a local).
		if s, ok := c.r.(reflect.Value); ok && s.Kind() == reflect.Struct && s.CanAddr() {
			p = s.Addr()
		}
	}
	rv, ok := p.(reflect.Value)
	if !ok && p != nil {
		unsupported("a field through %s", notMemory(p))
	}
	if !ok || rv.IsNil() {
		throwPanic(nilDeref())
	}
	f := rv.Elem().Field(i)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr()))
}
