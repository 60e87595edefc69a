package ssainterp

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/ssa"
)

// Models of reflect.Value's methods, of reflect.MapIter's and of package
// reflect's value functions, over the rvalue of rvalue.go.

// reflectValueModels returns the models of reflect.Value's methods, of
// reflect.MapIter's and of package reflect's value functions.
func reflectValueModels() modelTable {
	tab := modelTable{}
	valueReadModels(tab)
	valueSetModels(tab)
	valueMapModels(tab)
	valueConvertCallModels(tab)
	reflectFuncModels(tab)
	return tab
}

// valueMethods returns a function that adds to tab the model of
// reflect.Value's method name as f, which gets the receiver (nil: the
// zero Value) and the other arguments and returns the result.
func valueMethods(tab modelTable) func(name string, f func(m *Machine, fr *frame, r *rvalue, a []value) value) {
	return func(name string, f func(m *Machine, fr *frame, r *rvalue, a []value) value) {
		tab["(reflect.Value)."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			r, _ := args[0].r.(*rvalue)
			set(fr, dst, f(m, fr, r, args[1:]))
			return fr
		}
	}
}

// valueReadModels adds the models of the Value methods that inspect it:
// validity, kind, type, interface, fields, elements, length, scalars.
func valueReadModels(tab modelTable) {
	vm := valueMethods(tab)
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
}

// valueSetModels adds the models of the Value methods that set it (Set,
// SetInt..., SetLen, Grow, Clear) and of Slice and Slice3.
func valueSetModels(tab modelTable) {
	vm := valueMethods(tab)
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
}

// valueMapModels adds the models of the Value methods over maps and of
// reflect.MapIter's methods.
func valueMapModels(tab modelTable) {
	vm := valueMethods(tab)
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
	// MapIter.
	iterModel := func(name string, f func(m *Machine, it *rmapIter, a []value) value) {
		tab["(*reflect.MapIter)."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
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
	tab["(*reflect.MapIter).Reset"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		c := cellOf(args[0])
		if r := rvalueOf(args[1]); r != nil {
			m.mapOf(r, "MapIter.Reset", false)
			c.r = m.newMapIter(r)
		} else {
			c.r = nil
		}
		return fr
	}
}

// valueConvertCallModels adds the models of the Value methods that
// convert and compare it, of its methods and calls, pointers and
// overflow checks.
func valueConvertCallModels(tab modelTable) {
	vm := valueMethods(tab)
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
	tab["(reflect.Value).Call"] = callModel(false)
	tab["(reflect.Value).CallSlice"] = callModel(true)
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
}

// reflectFuncModels adds the models of package reflect's value
// functions: ValueOf, Zero, New, MakeSlice, MakeMap, Append, Copy,
// DeepEqual, Swapper, MakeFunc...
func reflectFuncModels(tab modelTable) {
	// Functions.
	fn := func(name string, f func(m *Machine, fr *frame, a []value) value) {
		tab["reflect."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
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
	fn("NewAt", func(m *Machine, _ *frame, a []value) value {
		if a[0].r == nil {
			unsupported("reflect.NewAt(nil, p)")
		}
		t := typeArg(a[0])
		if t.kind == kNative || t.t == nil {
			unsupported("reflect.NewAt of %s, a type of native memory", t.name)
		}
		pt := m.prog.rtypeOf(types.NewPointer(t.goTypes()))
		return valueOf(&rvalue{t: pt, v: m.convertPointer(a[1], nil, t.goTypes())})
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
		var aggElem *rtype
		if isAggregate(s.t.elem) {
			aggElem = s.t.elem
		}
		out := appendValues(m.get(s).slice(), elems, gcSizes.Sizeof(t), !hasPointers(t), aggElem)
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
	tab["reflect.MakeFunc"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
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
