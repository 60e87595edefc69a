package ssainterp

import (
	"encoding/json"
	"fmt"
	"go/types"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/mcheck-dev/mcheck/ssainterp/internal/stdlib"
	"golang.org/x/tools/go/ssa"
)

// The bridge calls natively compiled standard-library code. Interpreted
// values are converted to real Go values on the way in (structs through
// reflect.StructOf, named types with methods as wrappers whose methods call
// back into the interpreter) and back on the way out.

// nativeFunc is a resolved native function or method, with the
// interpreted types of its parameters (receiver first) and results.
type nativeFunc struct {
	fn       reflect.Value
	method   bool // fn is a reflect.Method.Func: receiver first
	err      error
	ptypes   []*rtype
	rtypes   []*rtype
	variadic bool
	isFmt    bool     // a fmt function: %T operands are rewritten
	fast     fastFunc // a direct adapter, or nil
}

// nativeType returns the real Go type used for values of rt crossing the
// bridge. Computations hold the program's ntMu: the search flags that
// break recursive types (nsearch) belong to one computation, and a
// machine on another worker computing the same type at the same moment
// took them for recursion (a string crossed as unsafe.Pointer).
func (rt *rtype) nativeType() (reflect.Type, error) {
	if rt.nready.Load() {
		return rt.ntype, rt.nerr
	}
	rt.prog.ntMu.Lock()
	defer rt.prog.ntMu.Unlock()
	return rt.nativeTypeLocked()
}

// nativeTypeLocked is nativeType within a computation (ntMu held).
func (rt *rtype) nativeTypeLocked() (reflect.Type, error) {
	if rt.nready.Load() {
		return rt.ntype, rt.nerr
	}
	rt.mu.Lock()
	if rt.nsearch {
		defer rt.mu.Unlock()
		if rt.ntype == nil && rt.nerr == nil {
			// A recursive type: break the cycle.
			return reflect.TypeFor[unsafe.Pointer](), nil
		}
		return rt.ntype, rt.nerr
	}
	rt.nsearch = true
	rt.mu.Unlock()
	nt, err := rt.computeNativeType()
	rt.mu.Lock()
	rt.ntype, rt.nerr = nt, err
	rt.nready.Store(true)
	rt.mu.Unlock()
	return nt, err
}

var basicNative = map[rkind]reflect.Type{
	kBool: reflect.TypeFor[bool](), kInt: reflect.TypeFor[int](), kInt8: reflect.TypeFor[int8](),
	kInt16: reflect.TypeFor[int16](), kInt32: reflect.TypeFor[int32](), kInt64: reflect.TypeFor[int64](),
	kUint: reflect.TypeFor[uint](), kUint8: reflect.TypeFor[uint8](), kUint16: reflect.TypeFor[uint16](),
	kUint32: reflect.TypeFor[uint32](), kUint64: reflect.TypeFor[uint64](), kUintptr: reflect.TypeFor[uintptr](),
	kFloat32: reflect.TypeFor[float32](), kFloat64: reflect.TypeFor[float64](),
	kComplex64: reflect.TypeFor[complex64](), kComplex128: reflect.TypeFor[complex128](),
	kString: reflect.TypeFor[string](), kUnsafePointer: reflect.TypeFor[unsafe.Pointer](),
}

var (
	anyType           = reflect.TypeFor[any]()
	unsafePointerType = reflect.TypeFor[unsafe.Pointer]()
)

// inProgress reports whether rt's native type is being computed (so a
// reference to it is a cycle).
func (rt *rtype) inProgress() bool {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.nsearch && rt.ntype == nil && rt.nerr == nil
}

func (rt *rtype) computeNativeType() (reflect.Type, error) {
	if rt.t == nil {
		return rt.ntype, nil
	}
	// A modelled synchronisation type crosses as its real type, with the
	// zero value (native code cannot use the model's state: fmt prints it).
	if n, ok := types.Unalias(rt.t).(*types.Named); ok && rt.kind == kModel && n.Obj().Pkg() != nil {
		if t, ok := stdlib.Types[n.Obj().Pkg().Path()+"."+n.Obj().Name()]; ok {
			return t, nil
		}
	}
	// A named type of a bridged package is its real type.
	if n, ok := types.Unalias(rt.t).(*types.Named); ok && n.Obj().Pkg() != nil && !rt.prog.interpreted(n.Obj().Pkg()) {
		key := n.Obj().Pkg().Path() + "." + n.Obj().Name()
		if key == "reflect.Type" || key == "reflect.Value" {
			return anyType, nil // holding a reflectWrap
		}
		if t, ok := stdlib.Types[key]; ok {
			return t, nil
		}
		if t, ok := varTypes()[key]; ok {
			return t, nil
		}
		if key == "error" {
			return reflect.TypeFor[error](), nil
		}
		if rt.kind == kNative || rt.kind == kModel {
			return nil, fmt.Errorf("unsupported: no native type for %s (unexported standard-library type)", rt.name)
		}
	}
	if rt.t == types.Universe.Lookup("error").Type() {
		return reflect.TypeFor[error](), nil
	}
	if t, ok := basicNative[rt.kind]; ok {
		return t, nil
	}
	elem := func() (reflect.Type, error) { return rt.elem.containedTypeLocked() }
	switch rt.kind {
	case kPointer:
		if rt.elem.inProgress() {
			// A pointer back into a recursive type (type Node struct {
			// Next *Node }): reflect cannot build such a type, so the
			// pointer crosses as an opaque unsafe.Pointer.
			return unsafePointerType, nil
		}
		e, err := rt.elem.nativeTypeLocked()
		if err != nil {
			return nil, err
		}
		return reflect.PointerTo(e), nil
	case kSlice:
		e, err := elem()
		if err != nil {
			return nil, err
		}
		return reflect.SliceOf(e), nil
	case kArray:
		e, err := elem()
		if err != nil {
			return nil, err
		}
		return reflect.ArrayOf(rt.length, e), nil
	case kMap:
		k, err := rt.key.containedTypeLocked()
		if err != nil {
			return nil, err
		}
		if rt.key.wrapped() {
			k = reflect.TypeFor[wrapKey]()
		}
		e, err := elem()
		if err != nil {
			return nil, err
		}
		if !k.Comparable() {
			k = anyType
		}
		return reflect.MapOf(k, e), nil
	case kChan:
		// A real channel type; values cross as stand-in channels (see
		// chanToken), so native code sees the right type but never
		// communicates on them.
		e, err := rt.elem.nativeTypeLocked()
		if err != nil {
			return nil, err
		}
		dir := reflect.BothDir
		switch rt.t.Underlying().(*types.Chan).Dir() {
		case types.SendOnly:
			dir = reflect.SendDir
		case types.RecvOnly:
			dir = reflect.RecvDir
		}
		return reflect.ChanOf(dir, e), nil
	case kInterface:
		return anyType, nil
	case kFunc:
		sig := rt.t.Underlying().(*types.Signature)
		var in, out []reflect.Type
		for i := range sig.Params().Len() {
			t, err := rt.prog.rtypeOf(sig.Params().At(i).Type()).nativeTypeLocked()
			if err != nil {
				return nil, err
			}
			in = append(in, t)
		}
		for i := range sig.Results().Len() {
			t, err := rt.prog.rtypeOf(sig.Results().At(i).Type()).nativeTypeLocked()
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
		return reflect.FuncOf(in, out, sig.Variadic()), nil
	case kStruct:
		st := rt.t.Underlying().(*types.Struct)
		fields := make([]reflect.StructField, st.NumFields())
		blanks := 0
		for i := range fields {
			f := st.Field(i)
			ft, err := rt.fields[i].nativeTypeLocked()
			if err != nil {
				return nil, err
			}
			if rt.fieldWrapped(i) {
				ft = anyType // holds a wrapper whose methods call back
			}
			sf := reflect.StructField{Name: f.Name(), Type: ft, Tag: reflect.StructTag(st.Tag(i))}
			if f.Name() == "_" && blanks > 0 {
				sf.Name = fmt.Sprintf("_%d", i) // StructOf rejects duplicates
			}
			if f.Name() == "_" {
				blanks++
			}
			if !f.Exported() {
				sf.PkgPath = "main"
			} else {
				sf.Anonymous = f.Embedded()
			}
			fields[i] = sf
		}
		return structOf(fields)
	}
	return nil, fmt.Errorf("unsupported: %s values cannot cross to native code", rt.name)
}

// varTypes maps "path.Name" to the types of bridged package variables,
// including unexported ones (binary.BigEndian's bigEndian): the only way
// to reach such a type natively.
var varTypes = sync.OnceValue(func() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	add := func(t reflect.Type) {
		if t.Name() != "" && t.PkgPath() != "" {
			m[t.PkgPath()+"."+t.Name()] = t
		}
	}
	for _, v := range stdlib.Vars {
		t := v.Type().Elem()
		add(t)
		if t.Kind() == reflect.Pointer {
			add(t.Elem())
		}
	}
	return m
})

func structOf(fields []reflect.StructField) (t reflect.Type, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("unsupported struct for native code: %v", r)
		}
	}()
	return reflect.StructOf(fields), nil
}

// wrapped reports whether values of rt cross to native code as a wrapper:
// named interpreted types, whose methods and names native code may use.
func (rt *rtype) wrapped() bool {
	if rt.t == nil {
		return false
	}
	n, ok := types.Unalias(rt.t).(*types.Named)
	if !ok {
		if p, isPtr := rt.t.(*types.Pointer); isPtr {
			n, ok = types.Unalias(p.Elem()).(*types.Named)
			if !ok {
				return false
			}
		} else {
			return false
		}
	}
	if n.Obj().Pkg() == nil || !rt.prog.interpreted(n.Obj().Pkg()) {
		return false
	}
	ms := rt.prog.methodSet(rt.t)
	for _, name := range []string{"Error", "String", "Format", "GoString", "MarshalJSON", "MarshalText", "LogValue"} {
		if ms.Lookup(n.Obj().Pkg(), name) != nil {
			return true
		}
	}
	return false
}

// fieldWrapped reports whether struct field i crosses as a wrapper:
// exported fields of wrapped types (fmt calls methods only of exported
// fields; an unexported field prints its plain value).
func (rt *rtype) fieldWrapped(i int) bool {
	return rt.fields[i].wrapped() && rt.t.Underlying().(*types.Struct).Field(i).Exported()
}

// containedType is the native type of rt as an element of a native
// slice, array, map or struct: interface{} holding a wrapper when values
// of rt are wrapped.
func (rt *rtype) containedType() (reflect.Type, error) {
	if rt.wrapped() {
		return anyType, nil
	}
	return rt.nativeType()
}

// containedTypeLocked is containedType within a computation (ntMu held).
func (rt *rtype) containedTypeLocked() (reflect.Type, error) {
	if rt.wrapped() {
		return anyType, nil
	}
	return rt.nativeTypeLocked()
}

// toNativeElem converts an element of a container whose native element
// type came from containedType.
func (m *Machine) toNativeElem(rt *rtype, v value, nt reflect.Type) reflect.Value {
	if rt.wrapped() {
		return m.wrap(&iface{t: rt, v: v})
	}
	return m.toNative(rt, v, nt)
}

// fromNativeElem is the inverse of toNativeElem.
func (m *Machine) fromNativeElem(rt *rtype, rv reflect.Value) value {
	if rt.wrapped() {
		if rv.Kind() == reflect.Interface {
			rv = rv.Elem()
		}
		if rv.IsValid() {
			if w, ok := rv.Interface().(wrapper); ok {
				return w.unwrap().v
			}
		}
		return rt.zero()
	}
	return m.fromNative(rt, rv)
}

// nativeRtype returns the descriptor for a value of native type t: the
// loaded program's type of the same name where there is one.
func (p *Program) nativeRtype(t reflect.Type) *rtype {
	if tt := p.typesFor(t); tt != nil && !nativeFmtType(t) {
		rt := p.rtypeOf(tt)
		rt.mu.Lock()
		if !rt.nsearch {
			rt.ntype, rt.nsearch = t, true
		}
		rt.mu.Unlock()
		return rt
	}
	p.types.mu.Lock()
	defer p.types.mu.Unlock()
	if p.types.native == nil {
		p.types.native = map[reflect.Type]*rtype{}
	}
	if rt := p.types.native[t]; rt != nil {
		return rt
	}
	rt := &rtype{prog: p, kind: kNative, name: t.String(), ntype: t, nsearch: true}
	p.types.native[t] = rt
	return rt
}

// nativeFmtType reports whether t is one of native fmt's own types (the
// *fmt.pp a Format method gets as its fmt.State, an Errorf error).
// Package fmt also runs from SSA, where these types are interpreted
// structs: native values of them keep native methods.
func nativeFmtType(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == "fmt"
}

// typesFor finds the go/types type of a native type, or nil.
func (p *Program) typesFor(t reflect.Type) types.Type {
	if t.Name() != "" {
		if t.PkgPath() == "" {
			if t == reflect.TypeFor[error]() {
				return types.Universe.Lookup("error").Type()
			}
			if obj := types.Universe.Lookup(t.Name()); obj != nil {
				return obj.Type()
			}
			return nil
		}
		sp := p.ssa.ImportedPackage(t.PkgPath())
		if sp == nil {
			return nil
		}
		name := t.Name()
		if i := strings.IndexByte(name, '['); i >= 0 {
			return nil // generic instance
		}
		obj, _ := sp.Pkg.Scope().Lookup(name).(*types.TypeName)
		if obj == nil {
			return nil
		}
		return obj.Type()
	}
	switch t.Kind() {
	case reflect.Pointer:
		if e := p.typesFor(t.Elem()); e != nil {
			return types.NewPointer(e)
		}
	case reflect.Slice:
		if e := p.typesFor(t.Elem()); e != nil {
			return types.NewSlice(e)
		}
	case reflect.Map:
		k, e := p.typesFor(t.Key()), p.typesFor(t.Elem())
		if k != nil && e != nil {
			return types.NewMap(k, e)
		}
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return types.NewInterfaceType(nil, nil)
		}
	}
	return nil
}

// toNative converts v, of interpreted type rt, to a native value of type
// nt (nt may be an interface type the value is boxed in).
func (m *Machine) toNative(rt *rtype, v value, nt reflect.Type) reflect.Value {
	if rt.kind == kInterface {
		i, _ := v.r.(*iface)
		if i == nil {
			return reflect.Zero(nt)
		}
		var rv reflect.Value
		if _, native := i.v.r.(reflect.Value); !native && nt.NumMethod() > 0 && !i.t.wrapped() && i.t.t != nil && i.t.prog.interpretedRecv(i.t.t) {
			// An interpreted implementation of a native interface
			// with methods (io.Writer): a wrapper calls back.
			rv = m.wrapFor(i, nt)
		} else {
			rv = m.dynToNative(i)
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

// plainToNative converts a value of a concrete type.
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
		if nt == unsafePointerType {
			c, _ := v.r.(*value)
			return reflect.ValueOf(unsafe.Pointer(c))
		}
		switch p := v.r.(type) {
		case nil:
			return reflect.Zero(nt)
		case reflect.Value:
			return p
		case *value:
			if p == nil {
				return reflect.Zero(nt)
			}
			if rv, ok := p.r.(reflect.Value); ok && rv.CanAddr() && rv.Type() == nt.Elem() {
				return rv.Addr() // a native struct held in interpreted memory
			}
			if x, ok := m.memo.native(p, nt); ok {
				return x // converted already in this call: a cycle, or shared
			}
			// A copy: native code sees the value at the call; writes
			// are copied back by copyBack.
			x := reflect.New(nt.Elem())
			m.memo = m.memo.add(p, rt, x)
			x.Elem().Set(m.toNative(rt.elem, *p, nt.Elem()))
			m.pendingCopyBack = append(m.pendingCopyBack, copyBack{cell: p, rt: rt.elem, nv: x})
			return x
		}
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
	case kMap:
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

// fromNative converts a native value to the representation of rt.
func (m *Machine) fromNative(rt *rtype, rv reflect.Value) value {
	if rt.kind == kModel {
		if rv.IsValid() && rv.CanInterface() {
			if w, ok := rv.Interface().(*reflectWrap); ok {
				return w.i.v
			}
		}
		return value{} // fresh state
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
	case kMap:
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
	}
	panic(&internalFault{msg: fmt.Sprintf("internal error: store through %T", q)})
}

func nativeFieldAddr(p any, i int) reflect.Value {
	rv, ok := p.(reflect.Value)
	if !ok || rv.IsNil() {
		throwPanic(nilDeref())
	}
	f := rv.Elem().Field(i)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr()))
}

// resolveNative finds the native function behind an external fn, once.
func (p *Program) resolveNative(fn *function) *nativeFunc {
	fn.nativeOnce.Do(func() { fn.native = p.lookupNative(fn.ssa) })
	return fn.native
}

func (p *Program) lookupNative(sf *ssa.Function) *nativeFunc {
	nf := &nativeFunc{}
	if o := sf.Origin(); o != nil {
		nf.err = fmt.Errorf("unsupported: generic function %s of a bridged package", o)
		return nf
	}
	sig := sf.Signature
	if recv := sig.Recv(); recv != nil {
		nf.ptypes = append(nf.ptypes, p.rtypeOf(recv.Type()))
	}
	for i := range sig.Params().Len() {
		nf.ptypes = append(nf.ptypes, p.rtypeOf(sig.Params().At(i).Type()))
	}
	for i := range sig.Results().Len() {
		nf.rtypes = append(nf.rtypes, p.rtypeOf(sig.Results().At(i).Type()))
	}
	nf.variadic = sig.Variadic()
	nf.isFmt = sf.Pkg != nil && sf.Pkg.Pkg.Path() == "fmt"
	if sig.Recv() != nil {
		nt, err := nf.ptypes[0].nativeType()
		if err != nil {
			nf.err = err
			return nf
		}
		meth, ok := nt.MethodByName(sf.Name())
		if !ok || nt.Kind() == reflect.Interface {
			nf.err = fmt.Errorf("unsupported: method %s of %s is not available natively", sf.Name(), nt)
			return nf
		}
		nf.fn, nf.method = meth.Func, true
		nf.fast = fastFor(nf)
		return nf
	}
	if sf.Pkg == nil {
		nf.err = fmt.Errorf("unsupported: function %s", sf)
		return nf
	}
	key := sf.Pkg.Pkg.Path() + "." + sf.Name()
	f, ok := stdlib.Funcs[key]
	if !ok && p.interpreted(sf.Pkg.Pkg) && sf.Blocks == nil {
		// A bodyless function linked to a bridged one.
		f, ok = stdlib.Funcs[p.linkTarget(sf)]
	}
	if !ok && p.interpreted(sf.Pkg.Pkg) {
		nf.err = fmt.Errorf("unsupported: %s has no Go body (assembly or linkname) at %s", sf, p.declPos(sf))
		return nf
	}
	if !ok {
		nf.err = fmt.Errorf("unsupported: %s has no Go body and is not bridged (assembly or linkname)", key)
		return nf
	}
	nf.fn = f
	nf.fast = fastFor(nf)
	return nf
}

// callNative calls the native function behind fn.
func (m *Machine) callNative(fr *frame, fn *function, args []value) value {
	nf := m.prog.resolveNative(fn)
	if nf.err != nil {
		panic(&internalFault{msg: nf.err.Error()})
	}
	if nf.isFmt {
		args = m.fmtTypeVerbs(fn.ssa.Name(), args)
	}
	if m.watch {
		// Native code reads the elements of the slices it is given.
		for i, a := range args {
			if i < len(nf.ptypes) && nf.ptypes[i].kind == kSlice {
				s := a.slice()
				for k := range s {
					m.nativeAccess(&s[k], false)
				}
			}
		}
	}
	if nf.fast != nil {
		return m.fastResult(m.fastCall(nf, args))
	}
	return m.reflectCall(nf.fn, nf.ptypes, nf.variadic, args, nf.rtypes)
}

// fastCall calls nf through its direct adapter.
func (m *Machine) fastCall(nf *nativeFunc, args []value) value {
	defer func() {
		r := recover()
		m.reraiseAbort()
		if r != nil {
			m.nativePanic(r)
		}
	}()
	return nf.fast(m, nf, args)
}

// reraiseAbort raises again the mcheck fault or program exit that a
// callback raised during the native call that just ended. Native code
// may have recovered it (fmt prints a panicking String method as
// "%!v(PANIC=...)" and goes on), but the program must not: a fault of
// mcheck ends the execution, whatever the code between does.
func (m *Machine) reraiseAbort() {
	if a := m.abort; a != nil {
		m.abort = nil
		panic(a)
	}
}

// reflectCall converts args (of types ptypes), calls f and converts the
// results back. Panics in native code become interpreted panics.
func (m *Machine) reflectCall(f reflect.Value, ptypes []*rtype, variadic bool, args []value, results []*rtype) (res value) {
	ft := f.Type()
	saved := m.pendingCopyBack
	m.pendingCopyBack = nil
	savedMemo := m.memo
	m.memo = nil
	defer func() { m.memo = savedMemo }()
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		var nt reflect.Type
		if variadic && i == len(args)-1 {
			nt = ft.In(ft.NumIn() - 1)
		} else {
			nt = ft.In(i)
		}
		in[i] = m.toNative(ptypes[i], a, nt)
	}
	cbs := m.pendingCopyBack
	m.pendingCopyBack = saved
	var out []reflect.Value
	func() {
		defer func() {
			r := recover()
			m.reraiseAbort()
			if r != nil {
				m.nativePanic(r)
			}
		}()
		if variadic {
			out = f.CallSlice(in)
		} else {
			out = f.Call(in)
		}
	}()
	m.applyCopyBack(cbs)
	switch len(out) {
	case 0:
		return value{}
	case 1:
		return m.fromNative(results[0], out[0])
	}
	t := make(agg, len(out))
	for i, o := range out {
		t[i] = m.fromNative(results[i], o)
	}
	return value{r: t}
}

// nativePanic turns a host panic out of native code into an interpreted
// panic (or lets interpreter control signals through).
func (m *Machine) nativePanic(r any) {
	switch x := r.(type) {
	case *nestedPanic:
		x.p.recovered = false
		throwPanic(x.p.val)
	case *exitSignal, *internalFault, *goPanic:
		panic(r)
	}
	rv := reflect.ValueOf(r)
	dt := m.prog.nativeRtype(rv.Type())
	throwPanic(value{r: &iface{t: dt, v: m.fromNative(dt, rv)}})
}

// callNativeMethod calls method name of a native dynamic value.
func (m *Machine) callNativeMethod(fr *frame, i *iface, name string, args []value, dst int) *frame {
	rv, ok := i.v.r.(reflect.Value)
	if !ok {
		rv = m.plainToNative(i.t, i.v)
	}
	meth := rv.MethodByName(name)
	if !meth.IsValid() {
		panic(&internalFault{msg: fmt.Sprintf("unsupported: method %s of native type %s", name, rv.Type())})
	}
	mt := meth.Type()
	ptypes := make([]*rtype, mt.NumIn())
	for k := range ptypes {
		ptypes[k] = m.prog.nativeRtype(mt.In(k))
	}
	res := make([]*rtype, mt.NumOut())
	for k := range res {
		if tt := m.prog.typesFor(mt.Out(k)); tt != nil {
			res[k] = m.prog.rtypeOf(tt)
		} else {
			res[k] = m.prog.anyRtype()
		}
	}
	v := m.reflectCall(meth, ptypes, mt.IsVariadic(), args, res)
	if dst >= 0 {
		fr.regs[dst] = v
	}
	return fr
}

// callback makes a native function that runs interpreted closure cl.
func (m *Machine) callback(rt *rtype, cl *closure, nt reflect.Type) reflect.Value {
	sig := rt.t.Underlying().(*types.Signature)
	g := m.cur
	return reflect.MakeFunc(nt, func(in []reflect.Value) []reflect.Value {
		args := make([]value, len(in))
		for i, a := range in {
			args[i] = m.fromNative(m.prog.rtypeOf(sig.Params().At(i).Type()), a)
		}
		res := m.callNested(g, cl, args)
		out := make([]reflect.Value, nt.NumOut())
		switch len(out) {
		case 0:
		case 1:
			out[0] = m.toNative(m.prog.rtypeOf(sig.Results().At(0).Type()), res, nt.Out(0))
		default:
			for i := range out {
				out[i] = m.toNative(m.prog.rtypeOf(sig.Results().At(i).Type()), res.agg()[i], nt.Out(i))
			}
		}
		return out
	})
}

// callNested runs closure cl to completion on goroutine g, nested inside
// the current native call. A panic that escapes cl travels into the
// native caller as a host panic (nestedPanic). An mcheck fault or a
// program exit (os.Exit) travels too, but is also recorded in m.abort,
// so that it is raised again when the native call returns even if the
// native code recovered it.
func (m *Machine) callNested(g *goroutine, cl *closure, args []value) value {
	if g == nil {
		panic(&internalFault{msg: "internal error: callback with no goroutine"})
	}
	// Nested from the start: a model called here at once (an io.Pipe
	// end's Read) must not stop.
	g.nested++
	defer func() {
		g.nested--
		if r := recover(); r != nil {
			switch r.(type) {
			case *nestedPanic, *goPanic:
				panic(r) // an interpreted panic, for the native caller
			}
			panic(m.recordAbort(g, r))
		}
	}()
	saved := g.top
	base := &frame{fn: &function{name: "native"}, g: g, retSlot: -1, regs: make([]value, 1)}
	base.caller = saved
	fr := m.callClosure(base, cl, args, 0)
	if fr == base || fr == nil {
		// A model or native function completed at once.
		g.top = saved
		return base.regs[0]
	}
	fr.boundary = true
	fr.caller = saved
	g.top = fr
	m.runNested(g)
	g.top = saved
	return g.nestedRes
}

// recordAbort makes r, a host panic that is not an interpreted panic,
// the machine's pending abort (see reraiseAbort) and returns it: exits
// and faults as they are, anything else as an internal error, with the
// position of the frame that raised it.
func (m *Machine) recordAbort(g *goroutine, r any) any {
	switch x := r.(type) {
	case *exitSignal:
	case *internalFault:
		if x.pos == "" && g.top != nil {
			x.pos = g.top.position()
		}
	default:
		where := ""
		if g.top != nil {
			where = g.top.position()
		}
		r = &internalFault{msg: fmt.Sprintf("internal error: %v\n%s", r, stackOf()), pos: where}
	}
	if m.abort == nil {
		m.abort = r
	}
	return r
}

// runNested runs g's frames until the boundary frame returns.
func (m *Machine) runNested(g *goroutine) {
	for {
		done := func() (done bool) {
			defer func() {
				if r := recover(); r != nil {
					if gp, ok := r.(*goPanic); ok {
						if gp.err != nil {
							gp.val = m.errValue(gp.err)
						}
						m.startPanic(g, gp.val, false)
						done = false
						return
					}
					panic(r)
				}
			}()
			fr := g.top
			for fr != nil {
				c := fr.code[fr.pc]
				fr.pc++
				fr = c(fr)
			}
			return true
		}()
		if done {
			return
		}
	}
}

// wrapper is implemented by the native stand-ins of interpreted values.
type wrapper interface{ unwrap() *iface }

// wrapVal stands in for an interpreted value of a named type when it
// crosses to native code: fmt formats it through Format (calling the
// type's String/Error/GoString methods where fmt would), encoding/json
// through MarshalJSON.
type wrapVal struct {
	m *Machine
	i *iface
}

// wrapErr is wrapVal for types that implement error.
type wrapErr struct{ wrapVal }

// wrapLog is wrapVal for types that implement slog.LogValuer.
type wrapLog struct{ wrapVal }

// LogValue implements slog.LogValuer with the type's LogValue method.
func (w *wrapLog) LogValue() slog.Value {
	m, i := w.m, w.i
	fn := i.t.method("LogValue")
	res := m.callNested(m.cur, &closure{fn: fn}, []value{i.v})
	nt := reflect.TypeFor[slog.Value]()
	v, _ := m.toNative(m.prog.rtypeOf(fn.ssa.Signature.Results().At(0).Type()), res, nt).Interface().(slog.Value)
	return v
}

func (w *wrapVal) unwrap() *iface { return w.i }

func (m *Machine) wrap(i *iface) reflect.Value {
	w := wrapVal{m: m, i: i}
	if fn := i.t.method("LogValue"); fn != nil && fn.ssa.Signature.Params().Len() == 0 && fn.ssa.Signature.Results().Len() == 1 &&
		fn.ssa.Signature.Results().At(0).Type().String() == "log/slog.Value" {
		return reflect.ValueOf(&wrapLog{w})
	}
	if i.t.method("Error") != nil {
		return reflect.ValueOf(&wrapErr{w})
	}
	return reflect.ValueOf(&w)
}

// callStringMethod calls method name (func() string) of i if it has one.
func (m *Machine) callStringMethod(i *iface, name string) (string, bool) {
	if i.t.t == nil {
		rv, _ := i.v.r.(reflect.Value)
		if !rv.IsValid() {
			return "", false
		}
		if mv := rv.MethodByName(name); mv.IsValid() && mv.Type().NumIn() == 0 && mv.Type().NumOut() == 1 && mv.Type().Out(0).Kind() == reflect.String {
			return mv.Call(nil)[0].String(), true
		}
		return "", false
	}
	fn := i.t.method(name)
	if fn == nil {
		return "", false
	}
	sig := fn.ssa.Signature
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return "", false
	}
	res := m.callNested(m.cur, &closure{fn: fn}, []value{i.v})
	return res.str(), true
}

func (w *wrapErr) Error() string {
	s, _ := w.m.callStringMethod(w.i, "Error")
	return s
}

// Unwrap exposes an interpreted Unwrap() error method to native code.
func (w *wrapErr) Unwrap() error {
	fn := w.i.t.method("Unwrap")
	if fn == nil || fn.ssa.Signature.Results().Len() != 1 {
		return nil
	}
	if _, ok := fn.ssa.Signature.Results().At(0).Type().Underlying().(*types.Interface); !ok {
		return nil
	}
	res := w.m.callNested(w.m.cur, &closure{fn: fn}, []value{w.i.v})
	i, _ := res.r.(*iface)
	if i == nil {
		return nil
	}
	e, _ := w.m.dynToNative(i).Interface().(error)
	return e
}

// Format implements fmt.Formatter with fmt's own rules for which method
// of the interpreted type a verb uses.
func (w *wrapVal) Format(f fmt.State, verb rune) {
	m, i := w.m, w.i
	if fn := i.t.method("Format"); fn != nil && fn.ssa.Signature.Params().Len() == 2 {
		st := &iface{t: m.prog.nativeRtype(reflect.TypeOf(f)), v: value{r: reflect.ValueOf(f)}}
		m.callNested(m.cur, &closure{fn: fn}, []value{i.v, {r: st}, intVal(int64(verb))})
		return
	}
	if verb == 'v' && f.Flag('#') {
		if w.fmtMethod(f, verb, "GoString", false) {
			return
		}
	} else {
		switch verb {
		case 'v', 's', 'x', 'X', 'q':
			if w.fmtMethod(f, verb, "Error", true) || w.fmtMethod(f, verb, "String", true) {
				return
			}
		}
	}
	plain := m.plainToNative(i.t, i.v)
	s := fmt.Sprintf(fmt.FormatString(f, verb), plain.Interface())
	// A verb wrong for the type names the type: %!d(main.Temp=2).
	if bad := "%!" + string(verb) + "(" + plain.Type().String() + "="; strings.HasPrefix(s, bad) {
		s = "%!" + string(verb) + "(" + i.t.name + "=" + s[len(bad):]
	}
	io.WriteString(f, s)
}

// fmtMethod prints the result of the interpreted String, Error or
// GoString method name as fmt's handleMethods would, including fmt's
// report of a panic in the method. It reports whether the type has it.
func (w *wrapVal) fmtMethod(f fmt.State, verb rune, name string, format bool) (has bool) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		np, ok := r.(*nestedPanic)
		if !ok {
			panic(r)
		}
		if isNilRef(w.i.v.r) && w.i.t.kind == kPointer {
			io.WriteString(f, "<nil>")
		} else {
			fmt.Fprintf(f, "%%!%c(PANIC=%s method: %s)", verb, name, np.text)
		}
		has = true
	}()
	s, ok := w.m.callStringMethod(w.i, name)
	if !ok {
		return false
	}
	if format {
		fmt.Fprintf(f, fmt.FormatString(f, verb), s)
	} else {
		io.WriteString(f, s)
	}
	return true
}

// MarshalJSON implements json.Marshaler: the type's own MarshalJSON or
// MarshalText method, or the plain value.
func (w *wrapVal) MarshalJSON() ([]byte, error) {
	if b, err, ok := w.bytesMethod("MarshalJSON"); ok {
		return b, err
	}
	if b, err, ok := w.bytesMethod("MarshalText"); ok {
		if err != nil {
			return nil, err
		}
		return json.Marshal(string(b))
	}
	return json.Marshal(w.m.plainToNative(w.i.t, w.i.v).Interface())
}

// bytesMethod calls an interpreted method name() ([]byte, error), if the
// type has one.
func (w *wrapVal) bytesMethod(name string) ([]byte, error, bool) {
	m, i := w.m, w.i
	fn := i.t.method(name)
	if fn == nil || fn.ssa.Signature.Params().Len() != 0 || fn.ssa.Signature.Results().Len() != 2 {
		return nil, nil, false
	}
	t := m.callNested(m.cur, &closure{fn: fn}, []value{i.v}).agg()
	b := t[0].slice()
	out := make([]byte, len(b))
	for k := range b {
		out[k] = byte(b[k].n)
	}
	if e, _ := t[1].r.(*iface); e != nil {
		err, _ := m.dynToNative(e).Interface().(error)
		return nil, err, true
	}
	return out, nil, true
}
