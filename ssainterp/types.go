package ssainterp

import (
	"fmt"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mcheck-dev/mcheck/ssainterp/internal/stdlib"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// rkind classifies types by their run-time representation.
type rkind uint8

const (
	kInvalid rkind = iota
	kBool
	kInt
	kInt8
	kInt16
	kInt32
	kInt64
	kUint
	kUint8
	kUint16
	kUint32
	kUint64
	kUintptr
	kFloat32
	kFloat64
	kComplex64
	kComplex128
	kString
	kUnsafePointer
	kPointer
	kSlice
	kArray
	kStruct
	kMap
	kChan
	kFunc
	kInterface
	kTuple
	kNative // a struct type of a natively bridged package: reflect.Value
	kModel  // a type whose state is modelled (sync.Mutex, atomic.Int64, ...)
)

func (k rkind) isInt() bool      { return k >= kInt && k <= kUintptr }
func (k rkind) isSigned() bool   { return k >= kInt && k <= kInt64 }
func (k rkind) isUnsigned() bool { return k >= kUint && k <= kUintptr }
func (k rkind) isFloat() bool    { return k == kFloat32 || k == kFloat64 }
func (k rkind) isComplex() bool  { return k == kComplex64 || k == kComplex128 }

// bits returns the width of an integer kind.
func (k rkind) bits() uint {
	switch k {
	case kInt8, kUint8:
		return 8
	case kInt16, kUint16:
		return 16
	case kInt32, kUint32, kFloat32:
		return 32
	}
	return 64
}

// rtype is the interpreter's descriptor of one Go type. There is exactly one
// rtype per type identity (types.Identical) in a Program, so rtypes compare
// by pointer, which is what type switches and interface equality use.
type rtype struct {
	prog   *Program
	t      types.Type // nil for a type known only natively
	kind   rkind
	name   string // the type as the runtime prints it: "main.T", "[]interface {}"
	elem   *rtype // pointer, slice, array, map value, chan element
	key    *rtype // map key
	fields []*rtype
	length int

	mu      sync.Mutex
	methods map[string]*function // by method name, lazily filled
	ntype   reflect.Type         // native counterpart, lazily
	nerr    error                // why there is none
	nsearch bool
	nready  atomic.Bool     // ntype and nerr are final
	impl    map[*rtype]bool // interface satisfaction cache, keyed by interface
	flat    atomic.Int64    // flatSize, 0 until computed
}

// typeTable canonicalises types.Type to *rtype.
type typeTable struct {
	mu     sync.Mutex
	m      typeutil.Map
	native map[reflect.Type]*rtype
}

// rtypeOf returns the canonical descriptor of t.
func (p *Program) rtypeOf(t types.Type) *rtype {
	p.types.mu.Lock()
	defer p.types.mu.Unlock()
	return p.rtypeLocked(t)
}

func (p *Program) rtypeLocked(t types.Type) *rtype {
	if rt, ok := p.types.m.At(t).(*rtype); ok {
		return rt
	}
	rt := &rtype{prog: p, t: t}
	p.types.m.Set(t, rt)
	rt.name = typeString(t)
	under := t.Underlying()
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		panic(fmt.Sprintf("internal error: uninstantiated type parameter %s", tp))
	}
	switch u := under.(type) {
	case *types.Basic:
		rt.kind = basicKind(u)
	case *types.Pointer:
		rt.kind = kPointer
		rt.elem = p.rtypeLocked(u.Elem())
	case *types.Slice:
		rt.kind = kSlice
		rt.elem = p.rtypeLocked(u.Elem())
	case *types.Array:
		rt.kind = kArray
		rt.elem = p.rtypeLocked(u.Elem())
		rt.length = int(u.Len())
	case *types.Struct:
		rt.kind = kStruct
		if p.isModelled(t) {
			rt.kind = kModel
		} else if p.isNativeStruct(t) {
			rt.kind = kNative
		} else {
			rt.fields = make([]*rtype, u.NumFields())
			for i := range rt.fields {
				rt.fields[i] = p.rtypeLocked(u.Field(i).Type())
			}
		}
	case *types.Map:
		rt.kind = kMap
		rt.key = p.rtypeLocked(u.Key())
		rt.elem = p.rtypeLocked(u.Elem())
	case *types.Chan:
		rt.kind = kChan
		rt.elem = p.rtypeLocked(u.Elem())
	case *types.Signature:
		rt.kind = kFunc
	case *types.Interface:
		rt.kind = kInterface
	case *types.Tuple:
		rt.kind = kTuple
		rt.fields = make([]*rtype, u.Len())
		for i := range rt.fields {
			rt.fields[i] = p.rtypeLocked(u.At(i).Type())
		}
	default:
		panic(fmt.Sprintf("internal error: unexpected type %T %s", t, t))
	}
	return rt
}

func basicKind(b *types.Basic) rkind {
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return kBool
	case types.Int, types.UntypedInt:
		return kInt
	case types.Int8:
		return kInt8
	case types.Int16:
		return kInt16
	case types.Int32, types.UntypedRune:
		return kInt32
	case types.Int64:
		return kInt64
	case types.Uint:
		return kUint
	case types.Uint8:
		return kUint8
	case types.Uint16:
		return kUint16
	case types.Uint32:
		return kUint32
	case types.Uint64:
		return kUint64
	case types.Uintptr:
		return kUintptr
	case types.Float32:
		return kFloat32
	case types.Float64, types.UntypedFloat:
		return kFloat64
	case types.Complex64:
		return kComplex64
	case types.Complex128, types.UntypedComplex:
		return kComplex128
	case types.String, types.UntypedString:
		return kString
	case types.UnsafePointer:
		return kUnsafePointer
	case types.UntypedNil:
		return kPointer
	}
	panic("internal error: unexpected basic type " + b.String())
}

// hasNative reports whether a value of rt holds a native struct (whose
// zero value is a new reflect.Value each time).
func hasNative(rt *rtype) bool {
	switch rt.kind {
	case kNative:
		return true
	case kArray:
		return rt.length > 0 && hasNative(rt.elem)
	case kStruct:
		for _, f := range rt.fields {
			if hasNative(f) {
				return true
			}
		}
	}
	return false
}

// zero returns the zero value of rt. The elements of an aggregate and
// of the aggregates nested in it are cut from one array.
func (rt *rtype) zero() value {
	switch rt.kind {
	case kStruct, kArray:
		return rt.zeroIn(make([]value, rt.flatSize()))
	case kNative:
		nt, err := rt.nativeType()
		if err != nil {
			// Unusable natively: any use reports the error.
			return value{}
		}
		return value{r: reflect.New(nt).Elem()}
	}
	return value{}
}

// zeroIn returns the zero value of aggregate type rt, its elements cut
// from buf, which has rt.flatSize() zero values.
func (rt *rtype) zeroIn(buf []value) value {
	if rt.kind == kStruct {
		a := agg(buf[:len(rt.fields):len(rt.fields)])
		buf = buf[len(a):]
		for i, f := range rt.fields {
			switch f.kind {
			case kStruct, kArray:
				n := f.flatSize()
				a[i] = f.zeroIn(buf[:n:n])
				buf = buf[n:]
			case kNative:
				a[i] = f.zero()
			}
		}
		return value{r: a}
	}
	a := agg(buf[:rt.length:rt.length])
	buf = buf[rt.length:]
	switch e := rt.elem; e.kind {
	case kStruct, kArray:
		n := e.flatSize()
		for i := range a {
			a[i] = e.zeroIn(buf[:n:n])
			buf = buf[n:]
		}
	case kNative:
		for i := range a {
			a[i] = e.zero()
		}
	}
	return value{r: a}
}

// flatSize is the number of values of an aggregate of type rt and of
// the aggregates nested in it (1 for a type that is not an aggregate).
func (rt *rtype) flatSize() int {
	if n := rt.flat.Load(); n != 0 {
		return int(n)
	}
	n := 1
	switch rt.kind {
	case kStruct:
		n = len(rt.fields)
		for _, f := range rt.fields {
			if f.kind == kStruct || f.kind == kArray {
				n += f.flatSize()
			}
		}
	case kArray:
		n = rt.length
		if e := rt.elem; e.kind == kStruct || e.kind == kArray {
			n += rt.length * e.flatSize()
		}
	}
	rt.flat.Store(int64(n))
	return n
}

// typeString formats t as the Go runtime and reflect print types: package
// names rather than paths, "interface {}", "struct { X int }".
func typeString(t types.Type) string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

// writeType writes t to b as typeString formats it.
func writeType(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		writeType(b, types.Unalias(t))
	case *types.Named:
		writeNamed(b, t)
	case *types.Basic:
		switch t.Kind() {
		case types.UnsafePointer:
			b.WriteString("unsafe.Pointer")
		case types.UntypedNil:
			b.WriteString("nil")
		default:
			// types.Typ names byte and rune by their real types.
			b.WriteString(types.Typ[types.Default(t).(*types.Basic).Kind()].String())
		}
	case *types.Pointer:
		b.WriteByte('*')
		writeType(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		writeType(b, t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		writeType(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		writeType(b, t.Key())
		b.WriteByte(']')
		writeType(b, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			b.WriteString("chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		}
		writeType(b, t.Elem())
	case *types.Struct:
		writeStruct(b, t)
	case *types.Signature:
		b.WriteString("func")
		writeSig(b, t)
	case *types.Interface:
		writeInterface(b, t)
	case *types.Tuple:
		writeTuple(b, t)
	default:
		b.WriteString(t.String())
	}
}

// writeNamed writes a named type: its package's name, its name and its
// type arguments, "list.List[int]".
func writeNamed(b *strings.Builder, t *types.Named) {
	obj := t.Obj()
	if obj.Pkg() != nil {
		b.WriteString(obj.Pkg().Name())
		b.WriteByte('.')
	}
	b.WriteString(obj.Name())
	if ta := t.TypeArgs(); ta.Len() > 0 {
		b.WriteByte('[')
		for i := range ta.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeType(b, ta.At(i))
		}
		b.WriteByte(']')
	}
}

// writeStruct writes a struct type: "struct {}", "struct { X int; T }".
func writeStruct(b *strings.Builder, t *types.Struct) {
	if t.NumFields() == 0 {
		b.WriteString("struct {}")
		return
	}
	b.WriteString("struct { ")
	for i := range t.NumFields() {
		if i > 0 {
			b.WriteString("; ")
		}
		f := t.Field(i)
		if !f.Embedded() {
			b.WriteString(f.Name())
			b.WriteByte(' ')
		}
		writeType(b, f.Type())
		if tag := t.Tag(i); tag != "" {
			b.WriteString(" " + strconv.Quote(tag))
		}
	}
	b.WriteString(" }")
}

// writeInterface writes an interface type: "interface {}",
// "interface { Read([]uint8) (int, error) }".
func writeInterface(b *strings.Builder, t *types.Interface) {
	if t.NumMethods() == 0 {
		b.WriteString("interface {}")
		return
	}
	b.WriteString("interface { ")
	for i := range t.NumMethods() {
		if i > 0 {
			b.WriteString("; ")
		}
		m := t.Method(i)
		b.WriteString(m.Name())
		writeSig(b, m.Type().(*types.Signature))
	}
	b.WriteString(" }")
}

// writeTuple writes a tuple (the results of a function): "(int, error)".
func writeTuple(b *strings.Builder, t *types.Tuple) {
	b.WriteByte('(')
	for i := range t.Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		writeType(b, t.At(i).Type())
	}
	b.WriteByte(')')
}

func writeSig(b *strings.Builder, s *types.Signature) {
	b.WriteByte('(')
	for i := range s.Params().Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		pt := s.Params().At(i).Type()
		if s.Variadic() && i == s.Params().Len()-1 {
			b.WriteString("...")
			pt = pt.(*types.Slice).Elem()
		}
		writeType(b, pt)
	}
	b.WriteByte(')')
	switch n := s.Results().Len(); n {
	case 0:
	case 1:
		b.WriteByte(' ')
		writeType(b, s.Results().At(0).Type())
	default:
		b.WriteByte(' ')
		writeType(b, s.Results())
	}
}

// method returns the compiled method name of rt's method set, or nil.
func (rt *rtype) method(name string) *function {
	rt.mu.Lock()
	f, ok := rt.methods[name]
	rt.mu.Unlock()
	if ok {
		return f
	}
	if rt.t != nil {
		p := rt.prog
		ms := p.methodSet(rt.t)
		for i := range ms.Len() {
			sel := ms.At(i)
			if sel.Obj().Name() == name {
				sf := p.ssa.MethodValue(sel)
				// Wrappers SSA synthesises for methods of bridged types
				// are not interpreted: the method is called natively.
				if synthesised(sf) && p.modelFor(sf) == nil && !p.interpretedRecv(rt.t) {
					// A promoted method of a bridged type may be
					// modelled where it is declared: t.FailNow through
					// testify's TestingT is (*testing.common).FailNow.
					if decl := p.ssa.FuncValue(sel.Obj().(*types.Func)); decl != nil && p.modelFor(decl) != nil {
						f = p.funcOf(decl)
					}
					break
				}
				f = p.funcOf(sf)
				break
			}
		}
	}
	rt.mu.Lock()
	if rt.methods == nil {
		rt.methods = map[string]*function{}
	}
	rt.methods[name] = f
	rt.mu.Unlock()
	return f
}

// synthesised reports whether go/ssa synthesised fn (a wrapper, thunk,
// bound method, instance), as opposed to declaring it in source or from
// a package's export data (loadtypes.go).
func synthesised(fn *ssa.Function) bool {
	return fn.Synthetic != "" && !strings.HasPrefix(fn.Synthetic, "from type information")
}

// interpretedRecv reports whether methods of t run from SSA.
func (p *Program) interpretedRecv(t types.Type) bool {
	if pt, ok := t.Underlying().(*types.Pointer); ok {
		if _, named := types.Unalias(t).(*types.Named); !named {
			t = pt.Elem()
		}
	}
	n, ok := types.Unalias(t).(*types.Named)
	return !ok || n.Obj().Pkg() == nil || p.interpreted(n.Obj().Pkg())
}

// implements reports whether a value of dynamic type rt satisfies the
// interface type it.
func (rt *rtype) implements(it *rtype) bool {
	rt.mu.Lock()
	ok, found := rt.impl[it]
	rt.mu.Unlock()
	if found {
		return ok
	}
	iface := it.t.Underlying().(*types.Interface)
	if rt.t != nil {
		ok = types.Implements(rt.t, iface)
	} else {
		ok = true
		for i := range iface.NumMethods() {
			if _, has := rt.ntype.MethodByName(iface.Method(i).Name()); !has || !iface.Method(i).Exported() {
				ok = false
				break
			}
		}
	}
	rt.mu.Lock()
	if rt.impl == nil {
		rt.impl = map[*rtype]bool{}
	}
	rt.impl[it] = ok
	rt.mu.Unlock()
	return ok
}

// missingMethod names a method of interface it that rt lacks, for the
// runtime's "missing method M" message.
func (rt *rtype) missingMethod(it *rtype) string {
	iface := it.t.Underlying().(*types.Interface)
	if rt.t != nil {
		if m, _ := types.MissingMethod(rt.t, iface, true); m != nil {
			return m.Name()
		}
		return ""
	}
	for i := range iface.NumMethods() {
		if _, has := rt.ntype.MethodByName(iface.Method(i).Name()); !has {
			return iface.Method(i).Name()
		}
	}
	return ""
}

// comparable reports whether values of rt can be compared with ==.
func (rt *rtype) comparable() bool {
	if rt.t != nil {
		return types.Comparable(rt.t)
	}
	return rt.ntype.Comparable()
}

// isModelled reports whether t is a synchronisation type whose behaviour the
// interpreter models (its methods are intercepted by name).
func (p *Program) isModelled(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	_, ok = modelledTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	return ok
}

// isNativeStruct reports whether t is a named struct type declared in a
// package that is not interpreted, so its values live in native memory.
func (p *Program) isNativeStruct(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if interpLayout[n.Obj().Pkg().Path()+"."+n.Obj().Name()] {
		return false
	}
	return !p.ownsLayout(n.Obj().Pkg())
}

// ownsLayout reports whether the values of pkg's types are the
// interpreter's own: pkg is interpreted, or it is a standard package
// that is neither interpreted nor bridged (crypto/tls's types, named by
// net/http; syscall.Errno, whose methods are modelled), whose values no
// native code ever sees.
func (p *Program) ownsLayout(pkg *types.Package) bool {
	return p.interpreted(pkg) || isStdPath(pkg.Path()) && !bridgedStd[pkg.Path()]
}

// isStdPath reports whether path looks like a standard package's import
// path (no dot in its first element). The program's own packages are
// always interpreted, so a module path without a dot is never asked.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// bridgedStd is the set of the standard packages the native table bridges.
var bridgedStd = func() map[string]bool {
	set := map[string]bool{}
	for _, p := range stdlib.Packages {
		set[p] = true
	}
	return set
}()

// funcOf returns the compiled form of an SSA function (compiling lazily).
func (p *Program) funcOf(fn *ssa.Function) *function {
	if fn == nil {
		return nil
	}
	p.fmu.Lock()
	f, ok := p.funcs[fn]
	if !ok {
		f = &function{prog: p, ssa: fn, name: funcName(fn), model: p.modelFor(fn), quiet: quietFunc(fn)}
		f.external = fn.Blocks == nil || f.model != nil
		p.funcs[fn] = f
	}
	p.fmu.Unlock()
	return f
}

func funcName(fn *ssa.Function) string {
	return fn.String()
}
