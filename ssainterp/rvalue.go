package ssainterp

import (
	"go/types"
	"reflect"
	"strconv"
	"strings"
)

// The reflect.Value model's representation (see reflect.go): an rvalue,
// the checks of its kind and flags (need, needSettable), reading and
// writing what it holds (get, put, field, index, elem, slice, mapOf),
// comparing (isZero, deepEqual) and converting it (convertVal).

// rflag describes how a reflect.Value of the model was obtained.
type rflag uint8

const (
	flagAddr     rflag = 1 << iota // p points to the value
	flagStickyRO                   // obtained through an unexported field
	flagEmbedRO                    // through an unexported embedded field
	flagRO       = flagStickyRO | flagEmbedRO
)

// rvalue is a reflect.Value of the model (see reflect.go).
type rvalue struct {
	t    *rtype
	v    value // the value, when p is nil
	p    any   // where the value lives (*value, or a native pointer) when addressable
	flag rflag
	// A method value v.Method(i): v holds the receiver, of type recvT.
	recvT *rtype
	meth  string
}

func (r *rvalue) settable() bool { return r.flag&flagAddr != 0 && r.flag&flagRO == 0 }

// get returns the current value of r.
func (m *Machine) get(r *rvalue) value {
	switch p := r.p.(type) {
	case nil:
		return r.v
	case *value:
		m.reflectAccess(p, false)
		return *p
	}
	return loadNative(m, r.p, r.t)
}

// put stores into the value r refers to.
func (m *Machine) put(r *rvalue, v value) {
	if c, ok := r.p.(*value); ok {
		m.reflectAccess(c, true)
		assign(c, v) // a struct or array in place: pointers into it stay valid
		return
	}
	storeNative(m, r.p, v, r.t)
}

// reflectAccess checks an access to memory made through reflection for
// data races (key: a cell or a map). It is not a scheduling point: the
// goroutine is inside a model call and cannot stop there.
func (m *Machine) reflectAccess(key any, write bool) {
	if m.watch && m.cur != nil && m.cur.top != nil {
		m.memAccessMaybeStop(m.cur.top, key, write, false)
	}
}

// load reads through an interpreted or native pointer.
func (m *Machine) load(p any, rt *rtype) value {
	if c, ok := p.(*value); ok {
		m.reflectAccess(c, false)
		return *c
	}
	return loadNative(m, p, rt)
}

func valueOf(r *rvalue) value { return value{r: r} }

// rvalueOf is the *rvalue of reflect.Value a (nil: the zero Value).
func rvalueOf(a value) *rvalue { r, _ := a.r.(*rvalue); return r }

// valueError panics with *reflect.ValueError, as reflect does when a Value
// method is called on a Value of the wrong kind.
// A method name without a package is a method of reflect.Value.
func (m *Machine) valueError(method string, k reflect.Kind) {
	if !strings.Contains(method, ".") {
		method = "reflect.Value." + method
	}
	m.throwValueError(method, k)
}

// throwValueError panics with &reflect.ValueError{Method: method, Kind: k}.
func (m *Machine) throwValueError(method string, k reflect.Kind) {
	cell := &value{r: agg{strVal(method), {n: uint64(k)}}}
	throwPanic(value{r: &iface{t: m.prog.reflectTypes().valueErr, v: value{r: cell}}})
}

// need panics with a ValueError unless r is valid and of one of kinds.
func (m *Machine) need(r *rvalue, method string, kinds ...reflect.Kind) {
	if r == nil {
		m.valueError(method, reflect.Invalid)
	}
	if len(kinds) == 0 {
		return
	}
	k := r.kind()
	for _, want := range kinds {
		if k == want {
			return
		}
	}
	m.valueError(method, k)
}

func (r *rvalue) kind() reflect.Kind {
	if r.meth != "" {
		return reflect.Func
	}
	return r.t.reflectKind()
}

// needSettable panics unless r can be assigned to.
func (m *Machine) needSettable(r *rvalue, method string) {
	if r.flag&flagRO != 0 {
		m.reflectPanic("reflect: reflect.Value." + method + " using value obtained using unexported field")
	}
	if r.flag&flagAddr == 0 {
		m.reflectPanic("reflect: reflect.Value." + method + " using unaddressable value")
	}
}

// iface returns the value of r as an interface value (Value.Interface).
func (m *Machine) ifaceOf(r *rvalue) value {
	if r.meth != "" {
		unsupported("reflect.Value.Interface of a method value (%s)", r.meth)
	}
	v := m.get(r)
	if r.t.kind == kInterface {
		return v
	}
	return value{r: &iface{t: r.t, v: copyVal(v)}}
}

// assign converts the value of x for assignment to a variable of type to,
// panicking with reflect's message (prefix what) if it is not assignable.
func (m *Machine) assign(x *rvalue, to *rtype, what string) value {
	if x == nil {
		m.valueError(what, reflect.Invalid)
	}
	if x.flag&flagRO != 0 {
		m.reflectPanic("reflect: " + what + " using value obtained using unexported field")
	}
	if !assignable(x, to) {
		m.reflectPanic(what + ": value of type " + x.t.name + " is not assignable to type " + to.name)
	}
	if to.kind == kInterface {
		return m.ifaceOf(x)
	}
	return copyVal(m.get(x))
}

func assignable(x *rvalue, to *rtype) bool {
	return x.t == to || types.AssignableTo(x.t.goTypes(), to.goTypes())
}

// nativePtr returns a native pointer to a native struct held at p.
func nativePtr(p any) reflect.Value {
	if c, ok := p.(*value); ok {
		return c.r.(reflect.Value).Addr()
	}
	return p.(reflect.Value)
}

func (m *Machine) field(r *rvalue, i int) *rvalue {
	m.need(r, "Field", reflect.Struct)
	st := r.t.structType("Field")
	if i < 0 || i >= st.NumFields() {
		m.reflectPanic("reflect: Field index out of range")
	}
	f := st.Field(i)
	ft := m.prog.rtypeOf(f.Type())
	fl := r.flag & (flagStickyRO | flagAddr)
	if !f.Exported() {
		if f.Embedded() {
			fl |= flagEmbedRO
		} else {
			fl |= flagStickyRO
		}
	}
	switch r.t.kind {
	case kStruct:
		if r.flag&flagAddr == 0 {
			return &rvalue{t: ft, v: r.v.agg()[i], flag: fl}
		}
		c, ok := r.p.(*value)
		if !ok {
			unsupported("reflection into a struct in native memory (%s)", r.t.name)
		}
		return &rvalue{t: ft, p: &c.r.(agg)[i], flag: fl}
	case kNative:
		var p reflect.Value
		if r.flag&flagAddr != 0 {
			p = nativePtr(r.p)
		} else {
			p = r.v.r.(reflect.Value).Addr()
		}
		return &rvalue{t: ft, p: nativeFieldAddr(p, i), flag: fl}
	case kModel:
		// A modelled sync type: its state is the model's; reflection
		// (fmt printing a struct that holds a mutex) sees the fields
		// of its zero value, as values crossing to native code do.
		nt, err := r.t.nativeType()
		if err != nil {
			unsupported("reflection into the fields of %s: %v", r.t.name, err)
		}
		return &rvalue{t: ft, v: m.fromNative(ft, reflect.New(nt).Elem().Field(i)), flag: fl&^flagAddr | flagStickyRO}
	}
	unsupported("reflection into the fields of %s", r.t.name)
	return nil
}

func (m *Machine) index(r *rvalue, i int) *rvalue {
	m.need(r, "Index", reflect.Slice, reflect.Array, reflect.String)
	v := m.get(r)
	switch r.t.kind {
	case kSlice:
		s := v.slice()
		if i < 0 || i >= len(s) {
			m.reflectPanic("reflect: slice index out of range")
		}
		return &rvalue{t: r.t.elem, p: &s[i], flag: flagAddr | r.flag&flagRO}
	case kArray:
		a := v.agg()
		if i < 0 || i >= len(a) {
			m.reflectPanic("reflect: array index out of range")
		}
		if r.flag&flagAddr != 0 {
			return &rvalue{t: r.t.elem, p: &a[i], flag: r.flag}
		}
		return &rvalue{t: r.t.elem, v: a[i], flag: r.flag}
	}
	s := v.str()
	if i < 0 || i >= len(s) {
		m.reflectPanic("reflect: string index out of range")
	}
	return &rvalue{t: m.prog.rtypeOf(types.Typ[types.Uint8]), v: value{n: uint64(s[i])}, flag: r.flag & flagRO}
}

func (m *Machine) elem(r *rvalue) *rvalue {
	m.need(r, "Elem", reflect.Interface, reflect.Pointer)
	v := m.get(r)
	if r.t.kind == kInterface {
		i, _ := v.r.(*iface)
		if i == nil {
			return nil
		}
		return &rvalue{t: i.t, v: i.v, flag: r.flag & flagRO}
	}
	if isNilRef(v.r) {
		return nil
	}
	return &rvalue{t: r.t.elem, p: v.r, flag: flagAddr | r.flag&flagRO}
}

func (m *Machine) length(r *rvalue, method string) int {
	m.need(r, method, reflect.Slice, reflect.Array, reflect.String, reflect.Map, reflect.Chan, reflect.Pointer)
	if r.t.kind == kPointer {
		if r.t.elem.kind != kArray {
			m.valueError(method, reflect.Pointer)
		}
		return r.t.elem.length
	}
	return lenCap(r.t, m.get(r), method == "Cap")
}

// allParts reports whether f holds for every field of struct v or every
// element of array v.
func allParts(t *rtype, v value, f func(*rtype, value) bool) bool {
	for i, e := range v.agg() {
		et := t.elem
		if t.kind == kStruct {
			et = t.fields[i]
		}
		if !f(et, e) {
			return false
		}
	}
	return true
}

// isZero is Value.IsZero.
func (m *Machine) isZero(t *rtype, v value) bool {
	switch t.kind {
	case kStruct, kArray:
		return allParts(t, v, m.isZero)
	case kString:
		return v.str() == ""
	case kFloat32, kFloat64:
		return v.float() == 0 // -0 too, as reflect compares with ==
	case kComplex64, kComplex128:
		return v.cplx() == 0
	case kNative:
		return v.r.(reflect.Value).IsZero()
	case kModel:
		return v.r == nil
	}
	if v.r != nil {
		return isNilRef(v.r)
	}
	return v.n == 0
}

// deepEqual is reflect.DeepEqual over interpreted values of type t.
func (m *Machine) deepEqual(t *rtype, x, y value, seen map[[3]any]bool) bool {
	switch t.kind {
	case kInterface:
		a, _ := x.r.(*iface)
		b, _ := y.r.(*iface)
		if a == nil || b == nil {
			return a == b
		}
		return a.t == b.t && m.deepEqual(a.t, a.v, b.v, seen)
	case kPointer, kSlice, kMap:
		if isNilRef(x.r) || isNilRef(y.r) {
			return isNilRef(x.r) == isNilRef(y.r)
		}
		key := [3]any{t, x.r, y.r}
		if t.kind == kSlice {
			xs, ys := x.slice(), y.slice()
			if len(xs) != len(ys) {
				return false
			}
			if len(xs) == 0 || &xs[0] == &ys[0] {
				return true
			}
			key = [3]any{t, &xs[0], &ys[0]}
		}
		if t.kind != kSlice && refEqual(x.r, y.r) {
			return true
		}
		if seen[key] {
			return true
		}
		seen[key] = true
		switch t.kind {
		case kPointer:
			return m.deepEqual(t.elem, m.load(x.r, t.elem), m.load(y.r, t.elem), seen)
		case kSlice:
			return m.deepParts(t, x.slice(), y.slice(), seen)
		}
		a, b := x.r.(*mapV), y.r.(*mapV)
		if a.len() != b.len() {
			return false
		}
		for _, e := range a.entries {
			if e.dead {
				continue
			}
			v, ok := b.get(e.k)
			if !ok || !m.deepEqual(t.elem, e.v, v, seen) {
				return false
			}
		}
		return true
	case kStruct, kArray:
		return m.deepParts(t, x.agg(), y.agg(), seen)
	case kFunc:
		return isNilRef(x.r) && isNilRef(y.r)
	case kNative:
		return reflect.DeepEqual(x.r.(reflect.Value).Interface(), y.r.(reflect.Value).Interface())
	}
	return equal(t, x, y)
}

// deepParts compares the elements (or fields, for a struct) of two
// values of t.
func (m *Machine) deepParts(t *rtype, xs, ys []value, seen map[[3]any]bool) bool {
	for i := range xs {
		et := t.elem
		if t.kind == kStruct {
			et = t.fields[i]
		}
		if !m.deepEqual(et, xs[i], ys[i], seen) {
			return false
		}
	}
	return true
}

// comparableVal is Value.Comparable.
func (m *Machine) comparableVal(t *rtype, v value) bool {
	switch t.kind {
	case kInterface:
		i, _ := v.r.(*iface)
		return i == nil || m.comparableVal(i.t, i.v)
	case kStruct, kArray:
		return allParts(t, v, m.comparableVal)
	}
	return t.comparable()
}

// addrOf gives each referenced object a stable fake address (Value.Pointer).
func (m *Machine) addrOf(x any) uintptr {
	if isNilRef(x) {
		return 0
	}
	if rv, ok := x.(reflect.Value); ok {
		return rv.Pointer()
	}
	if m.addrs == nil {
		m.addrs = map[any]uintptr{}
	}
	a, ok := m.addrs[x]
	if !ok {
		a = 0xc000100000 + uintptr(len(m.addrs))*0x10
		m.addrs[x] = a
	}
	return a
}

// refOf is what Value.Pointer and UnsafePointer refer to.
func (m *Machine) refOf(r *rvalue, method string) any {
	m.need(r, method, reflect.Pointer, reflect.Chan, reflect.Map, reflect.UnsafePointer, reflect.Func, reflect.Slice)
	if r.meth != "" {
		return m.codeCell(&methodValueCall)
	}
	v := m.get(r)
	if cl, ok := v.r.(*closure); ok && cl != nil {
		return m.codeCell(codeOf(cl.fn))
	}
	if r.t.kind == kSlice {
		s := v.slice()
		if cap(s) == 0 {
			return nil
		}
		return &s[:1][0]
	}
	return v.r
}

// Go's Value.Pointer of a func is its code pointer, shared by every value
// of one function whatever its bound variables: one for all method values
// of one method (its wrapper), one for all method values made by
// reflect (methodValueCall), one for all functions made by MakeFunc
// (makeFuncStub). These stand for the last two.
var methodValueCall, makeFuncStubCode byte

// codeOf identifies the code of fn for Value.Pointer. go/ssa makes a
// wrapper (a method value's "$bound", a method expression's thunk) at
// each use, where Go has one per method: a wrapper is known by its name.
func codeOf(fn *function) any {
	switch {
	case fn.name == makeFuncStub:
		return &makeFuncStubCode
	case fn.ssa != nil && synthesised(fn.ssa):
		return fn.name
	}
	return fn
}

// codeKey keys the cell of a function's code among unsafeState.funcs,
// apart from the cells of func words (funcToken).
type codeKey struct{ key any }

// codeCell returns the cell that stands for the code of a function,
// identified by key (its *function, or one of the shared codes above):
// the same cell for the same code, so that Pointer and UnsafePointer
// compare as natively.
func (m *Machine) codeCell(key any) *value {
	if m.uns.funcs == nil {
		m.uns.funcs = map[any]*value{}
	}
	c := m.uns.funcs[codeKey{key}]
	if c == nil {
		c = new(value)
		m.uns.funcs[codeKey{key}] = c
	}
	return c
}

func (m *Machine) slice(r *rvalue, i, j, k int, three bool) *rvalue {
	name := "Slice"
	if three {
		name = "Slice3"
	}
	m.need(r, name, reflect.Slice, reflect.Array, reflect.String)
	v := m.get(r)
	var s []value
	t := r.t
	switch r.t.kind {
	case kString:
		str := v.str()
		if three {
			m.valueError("Slice3", reflect.String)
		}
		if i < 0 || j < i || j > len(str) {
			m.reflectPanic("reflect.Value.Slice: string slice index out of bounds")
		}
		return &rvalue{t: r.t, v: strVal(str[i:j]), flag: r.flag & flagRO}
	case kArray:
		if r.flag&flagAddr == 0 {
			m.reflectPanic("reflect.Value." + name + ": slice of unaddressable array")
		}
		s = v.agg()
		t = m.prog.rtypeOf(types.NewSlice(r.t.elem.goTypes()))
	default:
		s = v.slice()
	}
	if !three {
		k = cap(s)
	}
	if i < 0 || j < i || k < j || k > cap(s) {
		m.reflectPanic("reflect.Value." + name + ": slice index out of bounds")
	}
	return &rvalue{t: t, v: value{r: s[i:j:k]}, flag: r.flag & flagRO}
}

// zeroFill makes the elements of s[from:] zero values of elem where the
// interpreter's representation needs them built (aggregates).
func zeroFill(s []value, from int, elem *rtype) {
	if !isAggregate(elem) {
		return
	}
	for i := from; i < len(s); i++ {
		if s[i].r == nil {
			s[i] = elem.zero()
		}
	}
}

// grow returns s with room for n more elements, by Go's growth policy.
func grow(s []value, n int, elem *rtype) []value {
	if len(s)+n <= cap(s) {
		return s
	}
	t := elem.goTypes()
	g := appendValues(s, make([]value, n), gcSizes.Sizeof(t), !hasPointers(t), nil)
	zeroFill(g[:cap(g)], len(s), elem)
	return g[:len(s)]
}

// typeArgNamed is typeArg with reflect's panic msg for a nil Type.
func (m *Machine) typeArgNamed(v value, msg string) *rtype {
	if v.r == nil {
		m.reflectPanic(msg)
	}
	return typeArg(v)
}

func (m *Machine) mapOf(r *rvalue, method string, write bool) *mapV {
	m.need(r, method, reflect.Map)
	mp, _ := m.get(r).r.(*mapV)
	if mp != nil {
		m.reflectAccess(mp, write)
	}
	return mp
}

// rmapIter is the state of a reflect.MapIter.
type rmapIter struct {
	r   *rvalue
	it  mapIter
	cur *entry
}

func (m *Machine) mapIterOf(p value) *rmapIter {
	it, _ := cellOf(p).r.(*rmapIter)
	return it
}

func (m *Machine) newMapIter(r *rvalue) *rmapIter {
	it := &rmapIter{r: r}
	if mp, _ := m.get(r).r.(*mapV); mp != nil && len(mp.entries) > 0 {
		it.it.entries = mp.entries
		it.it.start = m.iterStart(len(mp.entries))
	}
	return it
}

func (m *Machine) convertVal(x *rvalue, to *rtype) value {
	m.need(x, "Convert")
	if !types.ConvertibleTo(x.t.goTypes(), to.goTypes()) {
		m.reflectPanic("reflect.Value.Convert: value of type " + x.t.name + " cannot be converted to type " + to.name)
	}
	v := m.get(x)
	switch {
	case to.kind == kInterface:
		return m.ifaceOf(x)
	case types.Identical(x.t.t.Underlying(), to.t.Underlying()):
		return copyVal(v)
	case x.t.kind == kPointer && to.kind == kPointer:
		return v
	case x.t.kind == kSlice && to.kind == kArray:
		s := v.slice()
		if len(s) < to.length {
			m.reflectPanic("reflect: cannot convert slice with length " + strconv.Itoa(len(s)) + " to array with length " + strconv.Itoa(to.length))
		}
		return copyVal(value{r: agg(s[:to.length])})
	}
	return convert(x.t, to, v)
}
