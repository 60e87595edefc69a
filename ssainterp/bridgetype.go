package ssainterp

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/mcheck-dev/mcheck/ssainterp/internal/stdlib"
)

// The native types of interpreted types, for values crossing the bridge
// (bridge.go): nativeType computes the real Go type of an rtype (structs
// through reflect.StructOf, recursive types broken by nsearch, named types
// with methods wrapped), nativeRtype the rtype of a native type, and
// typesFor its go/types type.

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

// computeNativeType computes rt's native type: a named type's of a
// bridged package (namedNativeType), a basic type's, or one made of its
// parts' by kind.
func (rt *rtype) computeNativeType() (reflect.Type, error) {
	if rt.t == nil {
		return rt.ntype, nil
	}
	if t, ok, err := rt.namedNativeType(); ok {
		return t, err
	}
	if rt.t == types.Universe.Lookup("error").Type() {
		return reflect.TypeFor[error](), nil
	}
	if t, ok := basicNative[rt.kind]; ok {
		return t, nil
	}
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
	case kSlice, kArray, kMap:
		return rt.nativeContainerType()
	case kChan:
		return rt.nativeChanType()
	case kInterface:
		return anyType, nil
	case kFunc:
		return rt.nativeFuncType()
	case kStruct:
		return rt.nativeStructType()
	}
	return nil, fmt.Errorf("unsupported: %s values cannot cross to native code", rt.name)
}

// namedNativeType returns the native type of rt if it is a named type of
// a bridged package, or a modelled synchronisation type (ok), with an
// error for one that has none.
func (rt *rtype) namedNativeType() (t reflect.Type, ok bool, err error) {
	n, named := types.Unalias(rt.t).(*types.Named)
	if !named || n.Obj().Pkg() == nil {
		return nil, false, nil
	}
	// A modelled synchronisation type crosses as its real type, with the
	// zero value (native code cannot use the model's state: fmt prints it).
	if rt.kind == kModel {
		if t, ok := stdlib.Types[n.Obj().Pkg().Path()+"."+n.Obj().Name()]; ok {
			return t, true, nil
		}
	}
	// A named type of a bridged package is its real type.
	if rt.prog.interpreted(n.Obj().Pkg()) {
		return nil, false, nil
	}
	key := n.Obj().Pkg().Path() + "." + n.Obj().Name()
	if key == "reflect.Type" || key == "reflect.Value" {
		return anyType, true, nil // holding a reflectWrap
	}
	if t, ok := stdlib.Types[key]; ok {
		return t, true, nil
	}
	if t, ok := varTypes()[key]; ok {
		return t, true, nil
	}
	if key == "error" {
		return reflect.TypeFor[error](), true, nil
	}
	if rt.kind == kNative || rt.kind == kModel {
		return nil, true, fmt.Errorf("unsupported: no native type for %s (unexported standard-library type)", rt.name)
	}
	return nil, false, nil
}

// nativeContainerType computes the native type of a slice, array or map
// type rt (a map's key type first).
func (rt *rtype) nativeContainerType() (reflect.Type, error) {
	var k reflect.Type
	if rt.kind == kMap {
		var err error
		if k, err = rt.key.containedTypeLocked(); err != nil {
			return nil, err
		}
		if rt.key.wrapped() {
			k = reflect.TypeFor[wrapKey]()
		}
	}
	e, err := rt.elem.containedTypeLocked()
	if err != nil {
		return nil, err
	}
	switch rt.kind {
	case kSlice:
		return reflect.SliceOf(e), nil
	case kArray:
		return reflect.ArrayOf(rt.length, e), nil
	}
	if !k.Comparable() {
		k = anyType
	}
	return reflect.MapOf(k, e), nil
}

// nativeChanType computes the native type of channel type rt: a real
// channel type; values cross as stand-in channels (see chanToken), so
// native code sees the right type but never communicates on them.
func (rt *rtype) nativeChanType() (reflect.Type, error) {
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
}

// nativeFuncType computes the native type of function type rt.
func (rt *rtype) nativeFuncType() (reflect.Type, error) {
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
}

// nativeStructType computes the native type of struct type rt.
func (rt *rtype) nativeStructType() (reflect.Type, error) {
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
	if n.Obj().Pkg() == nil || !rt.prog.ownsLayout(n.Obj().Pkg()) {
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
