package ssainterp

import (
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

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
		return &r.meth
	}
	v := m.get(r)
	if r.t.kind == kSlice {
		s := v.slice()
		if cap(s) == 0 {
			return nil
		}
		return &s[:1][0]
	}
	return v.r
}

// call is Value.Call and CallSlice.
func (m *Machine) call(fr *frame, r *rvalue, in []value, spread bool) value {
	name := "Call"
	if spread {
		name = "CallSlice"
	}
	m.need(r, name, reflect.Func)
	sig := r.t.signature(name)
	np := sig.Params().Len()
	variadic := sig.Variadic() && !spread
	if spread && !sig.Variadic() {
		m.reflectPanic("reflect: CallSlice of non-variadic function")
	}
	if len(in) < np-int(b2u(variadic)) {
		m.reflectPanic("reflect: Call with too few input arguments")
	}
	if !variadic && len(in) > np {
		m.reflectPanic("reflect: Call with too many input arguments")
	}
	args := make([]value, 0, np)
	for k, a := range in {
		x, _ := a.r.(*rvalue)
		if x == nil {
			m.reflectPanic("reflect: " + name + " using zero Value argument")
		}
		if variadic && k >= np-1 {
			break
		}
		pt := m.prog.rtypeOf(sig.Params().At(k).Type())
		if !assignable(x, pt) {
			m.reflectPanic("reflect: " + name + " using " + x.t.name + " as type " + pt.name)
		}
		args = append(args, m.assign(x, pt, "reflect.Value."+name))
	}
	if variadic {
		st := m.prog.rtypeOf(sig.Params().At(np - 1).Type())
		var rest []value
		for _, a := range in[np-1:] {
			x := a.r.(*rvalue)
			if !assignable(x, st.elem) {
				m.reflectPanic("reflect: cannot use " + x.t.name + " as type " + st.elem.name + " in Call")
			}
			rest = append(rest, m.assign(x, st.elem, "reflect.Value.Call"))
		}
		args = append(args, value{r: rest})
	}
	var res value
	switch {
	case r.meth != "":
		res = m.invokeMethod(fr, r.recvT, r.v, r.meth, args)
	default:
		switch f := m.get(r).r.(type) {
		case *closure:
			res = m.nestedCall(fr.g, f, args)
		case reflect.Value:
			var ptypes, rtypes []*rtype
			for k := range np {
				ptypes = append(ptypes, m.prog.rtypeOf(sig.Params().At(k).Type()))
			}
			for k := range sig.Results().Len() {
				rtypes = append(rtypes, m.prog.rtypeOf(sig.Results().At(k).Type()))
			}
			res = m.reflectCall(f, ptypes, sig.Variadic(), args, rtypes)
		default:
			m.reflectPanic("reflect.Value." + name + ": call of nil function")
		}
	}
	nr := sig.Results().Len()
	out := make([]value, nr)
	for k := range nr {
		v := res
		if nr > 1 {
			v = res.r.(agg)[k]
		}
		out[k] = valueOf(&rvalue{t: m.prog.rtypeOf(sig.Results().At(k).Type()), v: v})
	}
	return value{r: out}
}

// invokeMethod calls method name of recv (of type rt) with args.
func (m *Machine) invokeMethod(fr *frame, rt *rtype, recv value, name string, args []value) value {
	if f := rt.method(name); f != nil {
		return m.nestedCall(fr.g, &closure{fn: f}, append([]value{recv}, args...))
	}
	scratch := &frame{fn: &function{name: "native"}, g: fr.g, retSlot: -1, regs: make([]value, 1)}
	m.callNativeMethod(scratch, &iface{t: rt, v: recv}, name, args, 0)
	return scratch.regs[0]
}

// methodValue is Value.Method(i).
func (m *Machine) methodValue(r *rvalue, i int) *rvalue {
	m.need(r, "Method")
	if r.meth != "" {
		m.reflectPanic("reflect: Method on a method value")
	}
	ms := r.t.typeMethods()
	if i < 0 || i >= len(ms) {
		m.reflectPanic("reflect: Method index out of range")
	}
	recvT, recv := r.t, m.get(r)
	if r.t.kind == kInterface {
		d, _ := recv.r.(*iface)
		if d == nil {
			m.reflectPanic("reflect: Method on nil interface value")
		}
		recvT, recv = d.t, d.v
	}
	sig := ms[i].Obj().Type().(*types.Signature)
	ft := m.prog.rtypeOf(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()))
	return &rvalue{t: ft, v: copyVal(recv), recvT: recvT, meth: ms[i].Obj().Name(), flag: r.flag & flagRO}
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
	g := appendValues(s, make([]value, n), gcSizes.Sizeof(t), !hasPointers(t), false)
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

// makeFunc returns a function of type ft whose calls run impl (a
// func([]reflect.Value) []reflect.Value) on the arguments as Values.
func makeFunc(ft *rtype, impl *closure) *function {
	sig := ft.t.Underlying().(*types.Signature)
	p := ft.prog
	return &function{prog: p, name: "reflect.makeFuncStub", external: true,
		model: func(m *Machine, fr *frame, args []value, dst int) *frame {
			in := make([]value, len(args))
			for i, a := range args {
				in[i] = valueOf(&rvalue{t: p.rtypeOf(sig.Params().At(i).Type()), v: a})
			}
			out := m.nestedCall(fr.g, impl, []value{{r: in}}).slice()
			nr := sig.Results().Len()
			if len(out) != nr {
				m.reflectPanic("reflect: wrong return count from function created by MakeFunc")
			}
			res := make(agg, nr)
			for k, o := range out {
				x, _ := o.r.(*rvalue)
				what := "reflect: function created by MakeFunc using " + impl.fn.name
				rt := p.rtypeOf(sig.Results().At(k).Type())
				switch {
				case x == nil:
					m.reflectPanic(what + " returned zero Value")
				case x.flag&flagRO != 0:
					m.reflectPanic(what + " returned value obtained from unexported field")
				case !assignable(x, rt):
					m.reflectPanic(what + " returned wrong type: have " + x.t.name + " for " + rt.name)
				}
				res[k] = m.assign(x, rt, "reflect.MakeFunc")
			}
			switch nr {
			case 0:
			case 1:
				set(fr, dst, res[0])
			default:
				set(fr, dst, value{r: res})
			}
			return fr
		}}
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
		it.it.start = m.rng.IntN(len(mp.entries))
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

// reflectValueModels returns the models of reflect.Value's methods and of
// package reflect's value functions.
func reflectValueModels() modelTable {
	t := modelTable{}
	vm := func(name string, f func(m *Machine, fr *frame, r *rvalue, a []value) value) {
		t["(reflect.Value)."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			r, _ := args[0].r.(*rvalue)
			set(fr, dst, f(m, fr, r, args[1:]))
			return fr
		}
	}
	vm("IsValid", func(m *Machine, _ *frame, r *rvalue, _ []value) value { return boolVal(r != nil) })
	vm("Kind", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		if r == nil {
			return value{}
		}
		return value{n: uint64(r.kind())}
	})
	vm("Type", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "Type")
		return m.typeVal(r.t)
	})
	vm("String", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		switch {
		case r == nil:
			return strVal("<invalid Value>")
		case r.kind() == reflect.String:
			return strVal(m.get(r).str())
		}
		return strVal("<" + r.t.name + " Value>")
	})
	vm("Interface", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "Interface")
		if r.flag&flagRO != 0 {
			m.reflectPanic("reflect.Value.Interface: cannot return value obtained from unexported field or method")
		}
		return m.ifaceOf(r)
	})
	vm("CanInterface", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "CanInterface")
		return boolVal(r.flag&flagRO == 0)
	})
	vm("CanAddr", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		return boolVal(r != nil && r.flag&flagAddr != 0)
	})
	vm("CanSet", func(m *Machine, _ *frame, r *rvalue, _ []value) value { return boolVal(r != nil && r.settable()) })
	vm("Addr", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "Addr")
		if r.flag&flagAddr == 0 {
			m.reflectPanic("reflect.Value.Addr of unaddressable value")
		}
		p := r.p
		if r.t.kind == kNative {
			p = nativePtr(p)
		}
		return valueOf(&rvalue{t: m.prog.rtypeOf(types.NewPointer(r.t.goTypes())), v: value{r: p}, flag: r.flag & flagRO})
	})
	vm("Elem", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		if e := m.elem(r); e != nil {
			return valueOf(e)
		}
		return value{}
	})
	vm("NumField", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "NumField", reflect.Struct)
		return intVal(int64(r.t.structType("NumField").NumFields()))
	})
	vm("Field", func(m *Machine, _ *frame, r *rvalue, a []value) value { return valueOf(m.field(r, int(a[0].int()))) })
	// fieldPath follows index through embedded fields; a nil embedded
	// pointer is reported as the error of FieldByIndexErr.
	fieldPath := func(m *Machine, r *rvalue, index []value) (*rvalue, string) {
		for k, i := range index {
			if k > 0 && r.kind() == reflect.Pointer && r.t.elem.reflectKind() == reflect.Struct {
				if r = m.elem(r); r == nil {
					return nil, "reflect: indirection through nil pointer to embedded struct"
				}
			}
			r = m.field(r, int(i.int()))
		}
		return r, ""
	}
	vm("FieldByIndex", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		f, err := fieldPath(m, r, a[0].slice())
		if err != "" {
			m.reflectPanic(err)
		}
		return valueOf(f)
	})
	vm("FieldByIndexErr", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		f, err := fieldPath(m, r, a[0].slice())
		if err != "" {
			return value{r: agg{{}, m.errValue(plainErr(err + " field"))}}
		}
		return value{r: agg{valueOf(f), {}}}
	})
	vm("FieldByName", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "FieldByName", reflect.Struct)
		name := a[0].str()
		index, ok := r.t.fieldSearch(func(s string) bool { return s == name })
		if !ok {
			return value{}
		}
		path := make([]value, len(index))
		for k, i := range index {
			path[k] = intVal(int64(i))
		}
		f, err := fieldPath(m, r, path)
		if err != "" {
			m.reflectPanic(err)
		}
		return valueOf(f)
	})
	vm("Index", func(m *Machine, _ *frame, r *rvalue, a []value) value { return valueOf(m.index(r, int(a[0].int()))) })
	vm("Len", func(m *Machine, _ *frame, r *rvalue, _ []value) value { return intVal(int64(m.length(r, "Len"))) })
	vm("Cap", func(m *Machine, _ *frame, r *rvalue, _ []value) value { return intVal(int64(m.length(r, "Cap"))) })
	vm("IsNil", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "IsNil", reflect.Chan, reflect.Func, reflect.Map, reflect.Pointer, reflect.UnsafePointer, reflect.Interface, reflect.Slice)
		if r.meth != "" {
			return boolVal(false)
		}
		return boolVal(isNilRef(m.get(r).r))
	})
	vm("IsZero", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "IsZero")
		return boolVal(m.isZero(r.t, m.get(r)))
	})
	vm("SetZero", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "SetZero")
		m.needSettable(r, "SetZero")
		m.put(r, r.t.zero())
		return value{}
	})
	scalar := func(name string, ok func(k rkind) bool, kinds ...reflect.Kind) {
		vm(name, func(m *Machine, _ *frame, r *rvalue, _ []value) value {
			m.need(r, name, kinds...)
			return m.get(r)
		})
		vm("Can"+name, func(m *Machine, _ *frame, r *rvalue, _ []value) value {
			m.need(r, "Can"+name)
			return boolVal(ok(r.t.kind))
		})
	}
	scalar("Int", rkind.isSigned, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64)
	scalar("Uint", rkind.isUnsigned, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr)
	scalar("Float", rkind.isFloat, reflect.Float32, reflect.Float64)
	scalar("Complex", rkind.isComplex, reflect.Complex64, reflect.Complex128)
	vm("Bool", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "Bool", reflect.Bool)
		return m.get(r)
	})
	vm("Bytes", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "Bytes", reflect.Slice, reflect.Array)
		if r.t.elem.kind != kUint8 {
			m.reflectPanic("reflect.Value.Bytes of non-byte slice")
		}
		if r.t.kind == kArray {
			if r.flag&flagAddr == 0 {
				m.reflectPanic("reflect.Value.Bytes of unaddressable byte array")
			}
			return value{r: []value(m.get(r).agg())}
		}
		return m.get(r)
	})
	setter := func(name string, conv func(k rkind, v value) value, kinds ...reflect.Kind) {
		vm(name, func(m *Machine, _ *frame, r *rvalue, a []value) value {
			m.need(r, name, kinds...)
			m.needSettable(r, name)
			m.put(r, conv(r.t.kind, a[0]))
			return value{}
		})
	}
	normInt := func(k rkind, v value) value { return value{n: norm(k, v.n)} }
	setter("SetInt", normInt, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64)
	setter("SetUint", normInt, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr)
	setter("SetFloat", func(k rkind, v value) value { return f64Val(roundFloat(k, v.float())) }, reflect.Float32, reflect.Float64)
	setter("SetComplex", func(k rkind, v value) value { return value{r: roundComplex(k, v.cplx())} }, reflect.Complex64, reflect.Complex128)
	setter("SetBool", func(_ rkind, v value) value { return v }, reflect.Bool)
	setter("SetString", func(_ rkind, v value) value { return v }, reflect.String)
	vm("SetBytes", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "SetBytes", reflect.Slice)
		m.needSettable(r, "SetBytes")
		if r.t.elem.kind != kUint8 {
			m.reflectPanic("reflect.Value.SetBytes of non-byte slice")
		}
		m.put(r, a[0])
		return value{}
	})
	vm("Set", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "Set")
		m.needSettable(r, "Set")
		m.put(r, m.assign(rvalueOf(a[0]), r.t, "reflect.Set"))
		return value{}
	})
	vm("SetLen", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "SetLen", reflect.Slice)
		m.needSettable(r, "SetLen")
		s, n := m.get(r).slice(), int(a[0].int())
		if n < 0 || n > cap(s) {
			m.reflectPanic("reflect: slice length out of range in SetLen")
		}
		zeroFill(s[:n], len(s), r.t.elem)
		m.put(r, value{r: s[:n]})
		return value{}
	})
	vm("SetCap", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "SetCap", reflect.Slice)
		m.needSettable(r, "SetCap")
		s, n := m.get(r).slice(), int(a[0].int())
		if n < len(s) || n > cap(s) {
			m.reflectPanic("reflect: slice capacity out of range in SetCap")
		}
		m.put(r, value{r: s[:len(s):n]})
		return value{}
	})
	vm("Grow", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "Grow", reflect.Slice)
		m.needSettable(r, "Grow")
		n := int(a[0].int())
		if n < 0 {
			m.reflectPanic("reflect.Value.Grow: negative len")
		}
		s := m.get(r).slice()
		if g := grow(s, n, r.t.elem); cap(g) != cap(s) {
			m.put(r, value{r: g})
		}
		return value{}
	})
	vm("Clear", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "Clear", reflect.Map, reflect.Slice)
		v := m.get(r)
		if r.t.kind == kMap {
			mp, _ := v.r.(*mapV)
			mp.clear()
			return value{}
		}
		s := v.slice()
		for i := range s {
			s[i] = r.t.elem.zero()
		}
		return value{}
	})
	vm("Slice", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		return valueOf(m.slice(r, int(a[0].int()), int(a[1].int()), 0, false))
	})
	vm("Slice3", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		return valueOf(m.slice(r, int(a[0].int()), int(a[1].int()), int(a[2].int()), true))
	})
	vm("MapIndex", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		mp := m.mapOf(r, "MapIndex", false)
		k := m.assign(rvalueOf(a[0]), r.t.key, "reflect.Value.MapIndex")
		v, ok := mp.get(k)
		if !ok {
			return value{}
		}
		return valueOf(&rvalue{t: r.t.elem, v: v, flag: r.flag & flagRO})
	})
	vm("SetMapIndex", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		mp := m.mapOf(r, "SetMapIndex", true)
		if r.flag&flagRO != 0 {
			m.reflectPanic("reflect: reflect.Value.SetMapIndex using value obtained using unexported field")
		}
		k := m.assign(rvalueOf(a[0]), r.t.key, "reflect.Value.SetMapIndex")
		if rvalueOf(a[1]) == nil {
			mp.delete(k)
			return value{}
		}
		if mp == nil {
			throwPanic(plainErr("assignment to entry in nil map"))
		}
		mp.set(k, m.assign(rvalueOf(a[1]), r.t.elem, "reflect.Value.SetMapIndex"))
		return value{}
	})
	vm("MapKeys", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.mapOf(r, "MapKeys", false)
		it := m.newMapIter(r)
		var keys []value
		for e := it.it.nextEntry(); e != nil; e = it.it.nextEntry() {
			keys = append(keys, valueOf(&rvalue{t: r.t.key, v: copyVal(e.k), flag: r.flag & flagRO}))
		}
		if keys == nil {
			keys = []value{}
		}
		return value{r: keys}
	})
	vm("MapRange", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.mapOf(r, "MapRange", false)
		return value{r: &value{r: m.newMapIter(r)}}
	})
	vm("Convert", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		to := typeArg(a[0])
		return valueOf(&rvalue{t: to, v: m.convertVal(r, to), flag: r.flag & flagRO})
	})
	vm("CanConvert", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "CanConvert")
		to := typeArg(a[0])
		if !types.ConvertibleTo(r.t.goTypes(), to.goTypes()) {
			return boolVal(false)
		}
		if r.t.kind == kSlice && to.kind == kArray {
			return boolVal(len(m.get(r).slice()) >= to.length)
		}
		return boolVal(true)
	})
	vm("Comparable", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		return boolVal(r != nil && r.meth == "" && m.comparableVal(r.t, m.get(r)))
	})
	vm("Equal", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		u := rvalueOf(a[0])
		unwrap := func(x *rvalue) *rvalue {
			if x != nil && x.kind() == reflect.Interface {
				return m.elem(x)
			}
			return x
		}
		r, u = unwrap(r), unwrap(u)
		if r == nil || u == nil {
			return boolVal(r == u)
		}
		if r.t != u.t {
			return boolVal(false)
		}
		if !r.t.comparable() {
			m.reflectPanic("reflect.Value.Equal: values of type " + r.t.name + " are not comparable")
		}
		return boolVal(equal(r.t, m.get(r), m.get(u)))
	})
	vm("NumMethod", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		m.need(r, "NumMethod")
		if r.meth != "" {
			return intVal(0)
		}
		return intVal(int64(len(r.t.typeMethods())))
	})
	vm("Method", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		return valueOf(m.methodValue(r, int(a[0].int())))
	})
	vm("MethodByName", func(m *Machine, _ *frame, r *rvalue, a []value) value {
		m.need(r, "MethodByName")
		for i, sel := range r.t.typeMethods() {
			if sel.Obj().Name() == a[0].str() {
				return valueOf(m.methodValue(r, i))
			}
		}
		return value{}
	})
	vm("Call", func(m *Machine, fr *frame, r *rvalue, a []value) value { return m.call(fr, r, a[0].slice(), false) })
	vm("CallSlice", func(m *Machine, fr *frame, r *rvalue, a []value) value { return m.call(fr, r, a[0].slice(), true) })
	vm("Pointer", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		return value{n: uint64(m.addrOf(m.refOf(r, "Pointer")))}
	})
	vm("UnsafePointer", func(m *Machine, _ *frame, r *rvalue, _ []value) value {
		return value{r: m.refOf(r, "UnsafePointer")}
	})
	overflow := func(name string, f func(k rkind, v value) bool, kinds ...reflect.Kind) {
		vm(name, func(m *Machine, _ *frame, r *rvalue, a []value) value {
			m.need(r, name, kinds...)
			return boolVal(f(r.t.kind, a[0]))
		})
	}
	overflow("OverflowInt", func(k rkind, v value) bool { return overflowInt(k.bits(), v.int()) },
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64)
	overflow("OverflowUint", func(k rkind, v value) bool { return overflowUint(k.bits(), v.n) },
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr)
	overflow("OverflowFloat", func(k rkind, v value) bool { return k == kFloat32 && overflowFloat32(v.float()) },
		reflect.Float32, reflect.Float64)

	// MapIter.
	iterModel := func(name string, f func(m *Machine, it *rmapIter, a []value) value) {
		t["(*reflect.MapIter)."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(m, m.mapIterOf(args[0]), args[1:]))
			return fr
		}
	}
	iterModel("Next", func(m *Machine, it *rmapIter, _ []value) value {
		if it == nil {
			m.reflectPanic("MapIter.Next called on an iterator that does not have an associated map Value")
		}
		it.cur = it.it.nextEntry()
		return boolVal(it.cur != nil)
	})
	cur := func(m *Machine, it *rmapIter, what string) *entry {
		if it == nil || it.cur == nil {
			m.reflectPanic("MapIter." + what + " called before Next")
		}
		return it.cur
	}
	iterModel("Key", func(m *Machine, it *rmapIter, _ []value) value {
		return valueOf(&rvalue{t: it.r.t.key, v: copyVal(cur(m, it, "Key").k), flag: it.r.flag & flagRO})
	})
	iterModel("Value", func(m *Machine, it *rmapIter, _ []value) value {
		return valueOf(&rvalue{t: it.r.t.elem, v: copyVal(cur(m, it, "Value").v), flag: it.r.flag & flagRO})
	})
	t["(*reflect.MapIter).Reset"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		c := cellOf(args[0])
		if r := rvalueOf(args[1]); r != nil {
			m.mapOf(r, "MapIter.Reset", false)
			c.r = m.newMapIter(r)
		} else {
			c.r = nil
		}
		return fr
	}

	// Functions.
	fn := func(name string, f func(m *Machine, fr *frame, a []value) value) {
		t["reflect."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(m, fr, args))
			return fr
		}
	}
	fn("ValueOf", func(m *Machine, _ *frame, a []value) value {
		i, _ := a[0].r.(*iface)
		if i == nil {
			return value{}
		}
		return valueOf(&rvalue{t: i.t, v: i.v})
	})
	fn("Zero", func(m *Machine, _ *frame, a []value) value {
		t := m.typeArgNamed(a[0], "reflect: Zero(nil)")
		return valueOf(&rvalue{t: t, v: t.zero()})
	})
	fn("New", func(m *Machine, _ *frame, a []value) value {
		t := m.typeArgNamed(a[0], "reflect: New(nil)")
		pt := m.prog.rtypeOf(types.NewPointer(t.goTypes()))
		if t.kind == kNative {
			return valueOf(&rvalue{t: pt, v: value{r: t.zero().r.(reflect.Value).Addr()}})
		}
		cell := &value{}
		*cell = t.zero()
		return valueOf(&rvalue{t: pt, v: value{r: cell}})
	})
	fn("Indirect", func(m *Machine, _ *frame, a []value) value {
		r := rvalueOf(a[0])
		if r == nil || r.kind() != reflect.Pointer {
			return a[0]
		}
		if e := m.elem(r); e != nil {
			return valueOf(e)
		}
		return value{}
	})
	fn("MakeSlice", func(m *Machine, _ *frame, a []value) value {
		t := typeArg(a[0])
		if t.kind != kSlice {
			m.reflectPanic("reflect.MakeSlice of non-slice type")
		}
		n, c := int(a[1].int()), int(a[2].int())
		switch {
		case n < 0:
			m.reflectPanic("reflect.MakeSlice: negative len")
		case c < 0:
			m.reflectPanic("reflect.MakeSlice: negative cap")
		case n > c:
			m.reflectPanic("reflect.MakeSlice: len > cap")
		}
		s := make([]value, n, c)
		zeroFill(s[:c], 0, t.elem)
		return valueOf(&rvalue{t: t, v: value{r: s}})
	})
	makeMap := func(m *Machine, _ *frame, a []value) value {
		t := typeArg(a[0])
		if t.kind != kMap {
			m.reflectPanic("reflect.MakeMapWithSize of non-map type")
		}
		return valueOf(&rvalue{t: t, v: value{r: newMap(t, m)}})
	}
	fn("MakeMap", makeMap)
	fn("MakeMapWithSize", makeMap)
	appendTo := func(m *Machine, s *rvalue, xs []value) value {
		m.need(s, "Append", reflect.Slice)
		elems := make([]value, len(xs))
		for k, x := range xs {
			elems[k] = m.assign(rvalueOf(x), s.t.elem, "reflect.Append")
		}
		t := s.t.elem.goTypes()
		out := appendValues(m.get(s).slice(), elems, gcSizes.Sizeof(t), !hasPointers(t), false)
		zeroFill(out[len(out):cap(out)], 0, s.t.elem)
		return valueOf(&rvalue{t: s.t, v: value{r: out}})
	}
	fn("Append", func(m *Machine, _ *frame, a []value) value { return appendTo(m, rvalueOf(a[0]), a[1].slice()) })
	fn("AppendSlice", func(m *Machine, _ *frame, a []value) value {
		s, t := rvalueOf(a[0]), rvalueOf(a[1])
		m.need(t, "AppendSlice", reflect.Slice)
		var xs []value
		for _, e := range m.get(t).slice() {
			xs = append(xs, valueOf(&rvalue{t: t.t.elem, v: e}))
		}
		return appendTo(m, s, xs)
	})
	fn("Copy", func(m *Machine, _ *frame, a []value) value {
		dst, src := rvalueOf(a[0]), rvalueOf(a[1])
		m.need(dst, "reflect.Copy", reflect.Slice, reflect.Array)
		m.need(src, "reflect.Copy", reflect.Slice, reflect.Array, reflect.String)
		var d []value
		if dst.t.kind == kArray {
			m.needSettable(dst, "Copy")
			d = m.get(dst).agg()
		} else {
			d = m.get(dst).slice()
		}
		sv := m.get(src)
		switch src.t.kind {
		case kString:
			s := sv.str()
			n := min(len(d), len(s))
			for i := range n {
				d[i] = value{n: uint64(s[i])}
			}
			return intVal(int64(n))
		case kArray:
			sv = value{r: []value(sv.agg())}
		}
		s := sv.slice()
		n := copy(d, s)
		for i := range n {
			d[i] = copyVal(d[i])
		}
		return intVal(int64(n))
	})
	fn("DeepEqual", func(m *Machine, _ *frame, a []value) value {
		x, _ := a[0].r.(*iface)
		y, _ := a[1].r.(*iface)
		if x == nil || y == nil {
			return boolVal(x == y)
		}
		return boolVal(x.t == y.t && m.deepEqual(x.t, x.v, y.v, map[[3]any]bool{}))
	})
	fn("Swapper", func(m *Machine, _ *frame, a []value) value {
		i, _ := a[0].r.(*iface)
		if i == nil || i.t.kind != kSlice {
			k := reflect.Invalid
			if i != nil {
				k = i.t.reflectKind()
			}
			m.throwValueError("Swapper", k)
		}
		s := i.v.slice()
		return value{r: reflect.ValueOf(func(a, b int) {
			if uint(a) >= uint(len(s)) || uint(b) >= uint(len(s)) {
				m.reflectPanic("reflect: slice index out of range")
			}
			s[a], s[b] = s[b], s[a]
		})}
	})
	t["reflect.MakeFunc"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		ft := typeArg(args[0])
		if ft.kind != kFunc {
			m.reflectPanic("reflect: call of MakeFunc with non-Func type")
		}
		impl, _ := args[1].r.(*closure)
		if impl == nil {
			throwPanic(nilDeref())
		}
		set(fr, dst, valueOf(&rvalue{t: ft, v: value{r: &closure{fn: makeFunc(ft, impl)}}}))
		return fr
	}

	return t
}

// reflectTypeAssert is the model of reflect.TypeAssert[T any](v Value) (T, bool).
func reflectTypeAssert(p *Program, fn *ssa.Function) modelFunc {
	to := p.rtypeOf(fn.TypeArgs()[0])
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		r := rvalueOf(args[0])
		m.need(r, "TypeAssert")
		if r.flag&flagRO != 0 {
			m.reflectPanic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
		}
		res := value{r: agg{to.zero(), {}}}
		if to.kind == kInterface {
			x := m.ifaceOf(r)
			if i, _ := x.r.(*iface); i != nil && i.t.implements(to) {
				res = value{r: agg{x, boolVal(true)}}
			}
		} else if r.t == to {
			res = value{r: agg{copyVal(m.get(r)), boolVal(true)}}
		} else if r.t.kind == kInterface {
			if i, _ := m.get(r).r.(*iface); i != nil && i.t == to {
				res = value{r: agg{copyVal(i.v), boolVal(true)}}
			}
		}
		set(fr, dst, res)
		return fr
	}
}
