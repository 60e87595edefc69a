package ssainterp

import (
	"go/token"
	"go/types"
	"math"
	"reflect"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"
)

// The reflect model.
//
// Package reflect is modelled: interpreted code that reflects over
// interpreted values sees their real names, tags and methods, which native
// reflection cannot (reflect.StructOf types have no name and no methods).
// The reflection-based standard packages (encoding/json, encoding/xml,
// encoding/gob, text/template, html/template) therefore run from SSA over
// this model rather than natively.
//
// Representation:
//
//	reflect.Type   an interface holding *reflect.rtype whose value is the
//	               interpreter's own *rtype (canonical, so == and map keys
//	               work as in Go)
//	reflect.Value  a modelled struct whose value is a *rvalue (nil: the
//	               zero Value); an rvalue never changes once made
//	*MapIter       a cell holding a *rmapIter
//	StructField, Method, ValueError
//	               interpreted structs (interpLayout)
//
// Memory accesses made through reflection are checked for data races
// (reflectAccess), but are not scheduling points: a goroutine cannot stop
// inside a model call. Value.Call and CallSlice of an interpreted
// function or method are ordinary calls, not model calls: what they run
// is scheduled like any code and may block (reflectcall.go).
//
// Files: reflect.go (reflect.Type and its models), rvalue.go (the
// reflect.Value representation), reflectvalue.go (the models of
// reflect.Value, MapIter and reflect's value functions), reflectcall.go
// (Value.Call, method values, MakeFunc).

// reflectTypes are the types of package reflect the model builds values of.
type reflectTypes struct {
	typePtr     *rtype // *reflect.rtype, the dynamic type of a Type
	value       *rtype // reflect.Value
	valueSlice  *rtype // []reflect.Value
	structField *rtype
	method      *rtype
	valueErr    *rtype // *reflect.ValueError
	mapIter     *rtype // *reflect.MapIter
}

func (p *Program) reflectTypes() *reflectTypes {
	if p.reflectLoaded() == nil {
		panic(&internalFault{msg: "internal error: package reflect is not loaded"})
	}
	return p.refl
}

// reflectLoaded returns the types of package reflect, or nil if the
// program does not load it.
func (p *Program) reflectLoaded() *reflectTypes {
	p.reflOnce.Do(func() {
		sp := p.packageByPath("reflect")
		if sp == nil {
			return
		}
		lookup := func(name string) types.Type { return sp.Pkg.Scope().Lookup(name).Type() }
		val := lookup("Value")
		p.refl = &reflectTypes{
			typePtr:     p.rtypeOf(types.NewPointer(lookup("rtype"))),
			value:       p.rtypeOf(val),
			valueSlice:  p.rtypeOf(types.NewSlice(val)),
			structField: p.rtypeOf(lookup("StructField")),
			method:      p.rtypeOf(lookup("Method")),
			valueErr:    p.rtypeOf(types.NewPointer(lookup("ValueError"))),
			mapIter:     p.rtypeOf(types.NewPointer(lookup("MapIter"))),
		}
	})
	return p.refl
}

// typeVal returns rt as a reflect.Type (nil: the nil Type).
func (m *Machine) typeVal(rt *rtype) value {
	if rt == nil {
		return value{}
	}
	return value{r: &iface{t: m.prog.reflectTypes().typePtr, v: value{r: rt}}}
}

// typeArg returns the rtype a reflect.Type argument holds.
func typeArg(v value) *rtype {
	i, _ := v.r.(*iface)
	if i == nil {
		throwPanic(nilDeref())
	}
	rt, ok := i.v.r.(*rtype)
	if !ok {
		unsupported("a reflect.Type of native code (%s) passed to the reflect model", i.t.name)
	}
	return rt
}

// goTypes returns the go/types type of rt, reporting types known only
// natively as unsupported.
func (rt *rtype) goTypes() types.Type {
	if rt.t == nil {
		unsupported("reflection over %s, a type known only to native code", rt.name)
	}
	return rt.t
}

var kindOfRkind = [...]reflect.Kind{
	kInvalid: reflect.Invalid, kBool: reflect.Bool, kInt: reflect.Int, kInt8: reflect.Int8,
	kInt16: reflect.Int16, kInt32: reflect.Int32, kInt64: reflect.Int64, kUint: reflect.Uint,
	kUint8: reflect.Uint8, kUint16: reflect.Uint16, kUint32: reflect.Uint32, kUint64: reflect.Uint64,
	kUintptr: reflect.Uintptr, kFloat32: reflect.Float32, kFloat64: reflect.Float64,
	kComplex64: reflect.Complex64, kComplex128: reflect.Complex128, kString: reflect.String,
	kUnsafePointer: reflect.UnsafePointer, kPointer: reflect.Pointer, kSlice: reflect.Slice,
	kArray: reflect.Array, kStruct: reflect.Struct, kMap: reflect.Map, kChan: reflect.Chan,
	kFunc: reflect.Func, kInterface: reflect.Interface, kTuple: reflect.Invalid,
	kNative: reflect.Struct, kModel: reflect.Struct,
}

// reflectKind is rt's reflect.Kind.
func (rt *rtype) reflectKind() reflect.Kind {
	if rt.t == nil && rt.ntype != nil {
		return rt.ntype.Kind()
	}
	return kindOfRkind[rt.kind]
}

// pkgPath is the import path reflect reports for pkg: "main" for a
// command, as the compiler names it.
func pkgPath(pkg *types.Package) string {
	if pkg == nil {
		return ""
	}
	if pkg.Name() == "main" {
		return "main"
	}
	return pkg.Path()
}

func (rt *rtype) typeName() string {
	switch t := types.Unalias(rt.goTypes()).(type) {
	case *types.Named:
		if t.Obj().Pkg() == nil {
			return t.Obj().Name() // error
		}
		return rt.name[len(t.Obj().Pkg().Name())+1:]
	case *types.Basic:
		return rt.name
	}
	return ""
}

func (rt *rtype) typePkgPath() string {
	if n, ok := types.Unalias(rt.goTypes()).(*types.Named); ok {
		return pkgPath(n.Obj().Pkg())
	}
	return ""
}

// typeMethods are the methods reflect numbers: all methods of an
// interface, the exported methods of the method set of other types, in
// the order of their names.
func (rt *rtype) typeMethods() []*types.Selection {
	ms := rt.prog.methodSet(rt.goTypes())
	var out []*types.Selection
	for i := range ms.Len() {
		if sel := ms.At(i); rt.kind == kInterface || sel.Obj().Exported() {
			out = append(out, sel)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Obj().Name() < out[j].Obj().Name() })
	return out
}

// structType returns rt's struct type, or panics as reflect's method
// does on a type of another kind (with a string).
func (rt *rtype) structType(method string) *types.Struct {
	st, ok := rt.goTypes().Underlying().(*types.Struct)
	if !ok {
		rt.panicString("reflect: " + method + " of non-struct type " + rt.name)
	}
	return st
}

// signature returns rt's signature, or panics as reflect's method does
// on a type of another kind (with a string).
func (rt *rtype) signature(method string) *types.Signature {
	sig, ok := rt.goTypes().Underlying().(*types.Signature)
	if !ok {
		rt.panicString("reflect: " + method + " of non-func type " + rt.name)
	}
	return sig
}

// panicString raises panic(msg), a string, as package reflect does.
func (rt *rtype) panicString(msg string) {
	throwPanic(value{r: &iface{t: rt.prog.rtypeOf(types.Typ[types.String]), v: strVal(msg)}})
}

// tupleAt is Type.In(i) or Out(i): element i of tuple, or the run-time
// index error that indexing reflect's slice of parameters raises.
func (m *Machine) tupleAt(tuple *types.Tuple, i int64) value {
	if i < 0 || i >= int64(tuple.Len()) {
		throwRuntime(boundsMsg(uint64(i), true, tuple.Len()))
	}
	return m.typeVal(m.prog.rtypeOf(tuple.At(int(i)).Type()))
}

// reflectPanic raises a panic with a string value, as package reflect does.
func (m *Machine) reflectPanic(msg string) { throwPanic(m.stringPanic(msg)) }

// structVal builds a value of the interpreted struct type rt from fields
// given by name.
func structVal(rt *rtype, fields map[string]value) value {
	v := rt.zero()
	st := rt.t.Underlying().(*types.Struct)
	a := v.agg()
	for i := range st.NumFields() {
		if f, ok := fields[st.Field(i).Name()]; ok {
			a[i] = f
		}
	}
	return v
}

// structField returns field i of struct type rt as a reflect.StructField,
// with the index path index.
func (m *Machine) structField(rt *rtype, st *types.Struct, i int, index []int) value {
	f := st.Field(i)
	path := ""
	if !f.Exported() {
		path = pkgPath(f.Pkg())
	}
	vars := make([]*types.Var, st.NumFields())
	for k := range vars {
		vars[k] = st.Field(k)
	}
	idx := make([]value, len(index))
	for k, x := range index {
		idx[k] = intVal(int64(x))
	}
	return structVal(m.prog.reflectTypes().structField, map[string]value{
		"Name":      strVal(f.Name()),
		"PkgPath":   strVal(path),
		"Type":      m.typeVal(m.prog.rtypeOf(f.Type())),
		"Tag":       strVal(st.Tag(i)),
		"Offset":    {n: uint64(gcSizes.Offsetsof(vars)[i])},
		"Index":     {r: idx},
		"Anonymous": boolVal(f.Embedded()),
	})
}

// fieldByIndex follows an index path through embedded fields.
func (m *Machine) fieldByIndex(rt *rtype, index []int) value {
	var sf value
	for k, i := range index {
		if k > 0 && rt.kind == kPointer {
			rt = rt.elem
		}
		st := rt.structType("FieldByIndex")
		if i < 0 || i >= st.NumFields() {
			m.reflectPanic("reflect: Field index out of bounds")
		}
		sf = m.structField(rt, st, i, index[:k+1])
		rt = m.prog.rtypeOf(st.Field(i).Type())
	}
	return sf
}

// fieldSearch finds the field whose name satisfies match by reflect's
// rules: the shallowest depth wins, and two matches at one depth are
// ambiguous (no field).
func (rt *rtype) fieldSearch(match func(string) bool) ([]int, bool) {
	type item struct {
		t     *rtype
		index []int
	}
	level := []item{{rt, nil}}
	visited := map[*rtype]bool{}
	for len(level) > 0 {
		var next []item
		var found []int
		count := 0
		for _, it := range level {
			if visited[it.t] {
				continue
			}
			visited[it.t] = true
			st := it.t.t.Underlying().(*types.Struct)
			for i := range st.NumFields() {
				f := st.Field(i)
				index := append(append([]int(nil), it.index...), i)
				if match(f.Name()) {
					count++
					found = index
					continue
				}
				if f.Embedded() {
					ft := rt.prog.rtypeOf(f.Type())
					if ft.kind == kPointer {
						ft = ft.elem
					}
					if ft.kind == kStruct {
						next = append(next, item{ft, index})
					}
				}
			}
		}
		if count == 1 {
			return found, true
		}
		if count > 1 {
			return nil, false
		}
		level = next
	}
	return nil, false
}

// methodVal builds the reflect.Method for selection sel (number i) of rt.
func (m *Machine) methodVal(rt *rtype, sel *types.Selection, i int) value {
	fn := sel.Obj().(*types.Func)
	sig := fn.Type().(*types.Signature)
	fields := map[string]value{"Name": strVal(fn.Name()), "Index": intVal(int64(i))}
	if !fn.Exported() {
		fields["PkgPath"] = strVal(pkgPath(fn.Pkg()))
	}
	if rt.kind == kInterface {
		fields["Type"] = m.typeVal(m.prog.rtypeOf(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))
	} else {
		params := []*types.Var{types.NewParam(0, nil, "", rt.t)}
		for k := range sig.Params().Len() {
			params = append(params, sig.Params().At(k))
		}
		ft := m.prog.rtypeOf(types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic()))
		fields["Type"] = m.typeVal(ft)
		if f := rt.method(fn.Name()); f != nil {
			fields["Func"] = value{r: &rvalue{t: ft, v: value{r: &closure{fn: f}}}}
		}
	}
	return structVal(m.prog.reflectTypes().method, fields)
}

func overflowInt(bits uint, x int64) bool {
	trunc := (x << (64 - bits)) >> (64 - bits)
	return x != trunc
}

func overflowUint(bits uint, x uint64) bool {
	trunc := (x << (64 - bits)) >> (64 - bits)
	return x != trunc
}

func overflowFloat32(x float64) bool {
	if x < 0 {
		x = -x
	}
	return math.MaxFloat32 < x && x <= math.MaxFloat64
}

// typeModel is the signature of a model of a method of *reflect.rtype.
type typeModel func(m *Machine, rt *rtype, args []value) value

// reflectTypeModels returns the models of reflect.Type's methods (on
// *reflect.rtype) and of package reflect's type functions.
func reflectTypeModels() modelTable {
	tab := modelTable{}
	tm := func(name string, f typeModel) {
		tab["(*reflect.rtype)."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(m, args[0].r.(*rtype), args[1:]))
			return fr
		}
	}
	tm("String", func(m *Machine, rt *rtype, _ []value) value { return strVal(rt.name) })
	tm("Name", func(m *Machine, rt *rtype, _ []value) value { return strVal(rt.typeName()) })
	tm("PkgPath", func(m *Machine, rt *rtype, _ []value) value { return strVal(rt.typePkgPath()) })
	tm("Kind", func(m *Machine, rt *rtype, _ []value) value { return value{n: uint64(rt.reflectKind())} })
	tm("Size", func(m *Machine, rt *rtype, _ []value) value { return value{n: uint64(gcSizes.Sizeof(rt.goTypes()))} })
	tm("Align", func(m *Machine, rt *rtype, _ []value) value { return intVal(gcSizes.Alignof(rt.goTypes())) })
	tm("FieldAlign", func(m *Machine, rt *rtype, _ []value) value { return intVal(gcSizes.Alignof(rt.goTypes())) })
	tm("Bits", func(m *Machine, rt *rtype, _ []value) value {
		if !rt.kind.isInt() && !rt.kind.isFloat() && !rt.kind.isComplex() {
			m.reflectPanic("reflect: Bits of non-arithmetic Type " + rt.name)
		}
		return intVal(8 * gcSizes.Sizeof(rt.goTypes()))
	})
	tm("Comparable", func(m *Machine, rt *rtype, _ []value) value { return boolVal(rt.comparable()) })
	tm("Elem", func(m *Machine, rt *rtype, _ []value) value {
		switch rt.kind {
		case kPointer, kSlice, kArray, kMap, kChan:
			return m.typeVal(rt.elem)
		}
		m.reflectPanic("reflect: Elem of invalid type " + rt.name)
		return value{}
	})
	tm("Key", func(m *Machine, rt *rtype, _ []value) value {
		if rt.kind != kMap {
			m.reflectPanic("reflect: Key of non-map type " + rt.name)
		}
		return m.typeVal(rt.key)
	})
	tm("Len", func(m *Machine, rt *rtype, _ []value) value {
		if rt.kind != kArray {
			m.reflectPanic("reflect: Len of non-array type " + rt.name)
		}
		return intVal(int64(rt.length))
	})
	tm("ChanDir", func(m *Machine, rt *rtype, _ []value) value {
		ch, ok := rt.goTypes().Underlying().(*types.Chan)
		if !ok {
			m.reflectPanic("reflect: ChanDir of non-chan type " + rt.name)
		}
		dir := reflect.BothDir
		switch ch.Dir() {
		case types.SendOnly:
			dir = reflect.SendDir
		case types.RecvOnly:
			dir = reflect.RecvDir
		}
		return intVal(int64(dir))
	})
	tm("NumField", func(m *Machine, rt *rtype, _ []value) value {
		return intVal(int64(rt.structType("NumField").NumFields()))
	})
	tm("Field", func(m *Machine, rt *rtype, a []value) value {
		st := rt.structType("Field")
		i := int(a[0].int())
		if i < 0 || i >= st.NumFields() {
			m.reflectPanic("reflect: Field index out of bounds")
		}
		return m.structField(rt, st, i, []int{i})
	})
	tm("FieldByIndex", func(m *Machine, rt *rtype, a []value) value {
		var index []int
		for _, x := range a[0].slice() {
			index = append(index, int(x.int()))
		}
		return m.fieldByIndex(rt, index)
	})
	byName := func(m *Machine, rt *rtype, match func(string) bool) value {
		rt.structType("FieldByName")
		if index, ok := rt.fieldSearch(match); ok {
			return value{r: agg{m.fieldByIndex(rt, index), boolVal(true)}}
		}
		return value{r: agg{m.prog.reflectTypes().structField.zero(), {}}}
	}
	tm("FieldByName", func(m *Machine, rt *rtype, a []value) value {
		name := a[0].str()
		return byName(m, rt, func(s string) bool { return s == name })
	})
	tab["(*reflect.rtype).FieldByNameFunc"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		cl := args[1].r.(*closure)
		match := func(s string) bool { return m.nestedCall(fr.g, cl, []value{strVal(s)}).bool() }
		set(fr, dst, byName(m, args[0].r.(*rtype), match))
		return fr
	}
	tm("NumMethod", func(m *Machine, rt *rtype, _ []value) value { return intVal(int64(len(rt.typeMethods()))) })
	tm("Method", func(m *Machine, rt *rtype, a []value) value {
		ms := rt.typeMethods()
		i := int(a[0].int())
		if i < 0 || i >= len(ms) {
			if rt.kind == kInterface {
				return m.prog.reflectTypes().method.zero() // as interfaceType.Method
			}
			m.reflectPanic("reflect: Method index out of range")
		}
		return m.methodVal(rt, ms[i], i)
	})
	tm("MethodByName", func(m *Machine, rt *rtype, a []value) value {
		for i, sel := range rt.typeMethods() {
			if sel.Obj().Name() == a[0].str() {
				return value{r: agg{m.methodVal(rt, sel, i), boolVal(true)}}
			}
		}
		return value{r: agg{m.prog.reflectTypes().method.zero(), {}}}
	})
	tm("Implements", func(m *Machine, rt *rtype, a []value) value {
		u := typeArg(a[0])
		if u.kind != kInterface {
			m.reflectPanic("reflect: non-interface type passed to Type.Implements")
		}
		return boolVal(rt.implements(u))
	})
	tm("AssignableTo", func(m *Machine, rt *rtype, a []value) value {
		return boolVal(types.AssignableTo(rt.goTypes(), typeArg(a[0]).goTypes()))
	})
	tm("ConvertibleTo", func(m *Machine, rt *rtype, a []value) value {
		return boolVal(types.ConvertibleTo(rt.goTypes(), typeArg(a[0]).goTypes()))
	})
	tm("IsVariadic", func(m *Machine, rt *rtype, _ []value) value { return boolVal(rt.signature("IsVariadic").Variadic()) })
	tm("NumIn", func(m *Machine, rt *rtype, _ []value) value {
		return intVal(int64(rt.signature("NumIn").Params().Len()))
	})
	tm("NumOut", func(m *Machine, rt *rtype, _ []value) value {
		return intVal(int64(rt.signature("NumOut").Results().Len()))
	})
	tm("In", func(m *Machine, rt *rtype, a []value) value {
		return m.tupleAt(rt.signature("In").Params(), a[0].int())
	})
	tm("Out", func(m *Machine, rt *rtype, a []value) value {
		return m.tupleAt(rt.signature("Out").Results(), a[0].int())
	})
	tm("OverflowInt", func(m *Machine, rt *rtype, a []value) value {
		if !rt.kind.isSigned() {
			m.reflectPanic("reflect: OverflowInt of non-int type " + rt.name)
		}
		return boolVal(overflowInt(rt.kind.bits(), a[0].int()))
	})
	tm("OverflowUint", func(m *Machine, rt *rtype, a []value) value {
		if !rt.kind.isUnsigned() {
			m.reflectPanic("reflect: OverflowUint of non-uint type " + rt.name)
		}
		return boolVal(overflowUint(rt.kind.bits(), a[0].n))
	})
	tm("OverflowFloat", func(m *Machine, rt *rtype, a []value) value {
		if !rt.kind.isFloat() {
			m.reflectPanic("reflect: OverflowFloat of non-float type " + rt.name)
		}
		return boolVal(rt.kind == kFloat32 && overflowFloat32(a[0].float()))
	})

	// Functions that build types.
	fn := func(name string, f func(m *Machine, args []value) value) {
		tab["reflect."+name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(m, args))
			return fr
		}
	}
	ptrTo := func(m *Machine, a []value) value {
		return m.typeVal(m.prog.rtypeOf(types.NewPointer(typeArg(a[0]).goTypes())))
	}
	fn("PointerTo", ptrTo)
	fn("PtrTo", ptrTo)
	fn("SliceOf", func(m *Machine, a []value) value {
		return m.typeVal(m.prog.rtypeOf(types.NewSlice(typeArg(a[0]).goTypes())))
	})
	fn("ArrayOf", func(m *Machine, a []value) value {
		if a[0].int() < 0 {
			m.reflectPanic("reflect: negative length passed to ArrayOf")
		}
		return m.typeVal(m.prog.rtypeOf(types.NewArray(typeArg(a[1]).goTypes(), a[0].int())))
	})
	fn("MapOf", func(m *Machine, a []value) value {
		k := typeArg(a[0])
		if !k.comparable() {
			m.reflectPanic("reflect.MapOf: invalid key type " + k.name)
		}
		return m.typeVal(m.prog.rtypeOf(types.NewMap(k.goTypes(), typeArg(a[1]).goTypes())))
	})
	fn("ChanOf", func(m *Machine, a []value) value {
		dir := types.SendRecv
		switch reflect.ChanDir(a[0].int()) {
		case reflect.SendDir:
			dir = types.SendOnly
		case reflect.RecvDir:
			dir = types.RecvOnly
		}
		return m.typeVal(m.prog.rtypeOf(types.NewChan(dir, typeArg(a[1]).goTypes())))
	})
	fn("FuncOf", func(m *Machine, a []value) value {
		tuple := func(ts []value) *types.Tuple {
			vars := make([]*types.Var, len(ts))
			for i, t := range ts {
				vars[i] = types.NewParam(0, nil, "", typeArg(t).goTypes())
			}
			return types.NewTuple(vars...)
		}
		in := tuple(a[0].slice())
		variadic := a[2].bool()
		if variadic {
			if n := in.Len(); n == 0 || m.prog.rtypeOf(in.At(n-1).Type()).kind != kSlice {
				m.reflectPanic("reflect.FuncOf: last arg of variadic func must be slice")
			}
		}
		return m.typeVal(m.prog.rtypeOf(types.NewSignatureType(nil, nil, nil, in, tuple(a[1].slice()), variadic)))
	})
	fn("StructOf", func(m *Machine, a []value) value {
		var fields []*types.Var
		var tags []string
		for _, f := range a[0].slice() {
			sf := f.agg() // Name, PkgPath, Type, Tag, Offset, Index, Anonymous
			name := sf[0].str()
			if name == "" {
				m.reflectPanic("reflect.StructOf: field " + strconv.Itoa(len(fields)) + " has no name")
			}
			if !token.IsExported(name) {
				if sf[1].str() == "" {
					m.reflectPanic("reflect.StructOf: field \"" + name + "\" is unexported but missing PkgPath")
				}
				unsupported("reflect.StructOf with unexported field %s", name)
			}
			fields = append(fields, types.NewField(0, nil, name, typeArg(sf[2]).goTypes(), sf[6].bool()))
			tags = append(tags, sf[3].str())
		}
		return m.typeVal(m.prog.rtypeOf(types.NewStruct(fields, tags)))
	})
	fn("TypeOf", func(m *Machine, a []value) value {
		if i, _ := a[0].r.(*iface); i != nil {
			return m.typeVal(i.t)
		}
		return value{}
	})
	tab["(*reflect.ValueError).Error"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		a := cellOf(args[0]).agg()
		msg := "reflect: call of " + a[0].str() + " on zero Value"
		if k := reflect.Kind(a[1].n); k != reflect.Invalid {
			msg = "reflect: call of " + a[0].str() + " on " + k.String() + " Value"
		}
		set(fr, dst, strVal(msg))
		return fr
	}
	isExported := func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(args[0].agg()[1].str() == "")) // PkgPath
		return fr
	}
	tab["(reflect.StructField).IsExported"] = isExported
	tab["(reflect.Method).IsExported"] = isExported

	return tab
}

// reflectTypeFor is the model of reflect.TypeFor[T any]() Type.
func reflectTypeFor(p *Program, fn *ssa.Function) modelFunc {
	rt := p.rtypeOf(fn.TypeArgs()[0])
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, m.typeVal(rt))
		return fr
	}
}

// nestedCall runs interpreted closure cl from a model; a panic in it
// continues as a panic of the model's caller.
func (m *Machine) nestedCall(g *goroutine, cl *closure, args []value) value {
	defer func() {
		if r := recover(); r != nil {
			if np, ok := r.(*nestedPanic); ok {
				np.p.recovered = false
				throwPanic(np.p.val)
			}
			panic(r)
		}
	}()
	return m.callNested(g, cl, args)
}
