package ssainterp

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// builtin compiles a call of builtin b with arguments argv, its result
// (if any) to register dst: one function per family of builtins.
func (c *compiler) builtin(b *ssa.Builtin, argv []ssa.Value, dst int, ins ssa.Instruction) op {
	args := c.slotsOf(argv)
	set := func(fr *frame, v value) {
		if dst >= 0 {
			fr.regs[dst] = v
		}
	}
	switch name := b.Name(); name {
	case "len", "cap":
		return c.lenCapOp(name, argv, args, dst, set)
	case "append":
		return c.appendOp(name, argv, args, dst, set)
	case "copy":
		return c.copyOp(name, argv, args, dst, set)
	case "delete", "clear":
		return c.containerOp(name, argv, args, dst, set)
	case "close":
		return c.closeOp(name, argv, args, dst, set)
	case "min", "max":
		return c.minMaxOp(name, argv, args, dst, set)
	case "print", "println":
		return c.printOp(name, argv, args, dst, set)
	case "String", "Slice", "SliceData", "StringData", "Add", "Sizeof", "Alignof", "Offsetof":
		return c.unsafeOp(name, argv, args, dst, set)
	case "panic", "ssa:deferstack", "recover", "ssa:wrapnilchk":
		return c.controlOp(name, argv, args, dst, set)
	case "complex", "real", "imag":
		return c.complexOp(name, argv, args, dst, set)
	}
	c.fault("builtin %s", b.Name())
	return nil
}

// lenCapOp compiles len and cap.
func (c *compiler) lenCapOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	t := c.rt(argv[0].Type())
	x := args[0]
	isCap := name == "cap"
	return func(fr *frame) *frame {
		set(fr, intVal(int64(lenCap(t, fr.regs[x], isCap))))
		return fr
	}
}

// appendOp compiles append, from a slice or (append([]byte, string...)) a string.
func (c *compiler) appendOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	st := c.rt(argv[0].Type())
	elemT := argv[0].Type().Underlying().(*types.Slice).Elem()
	size := gcSizes.Sizeof(elemT)
	noscan := !hasPointers(elemT)
	fromString := c.rt(argv[1].Type()).kind == kString
	s, x := args[0], args[1]
	var aggElem *rtype // appendValues's elem
	if isAggregate(st.elem) {
		aggElem = st.elem
	}
	per := elemBytes(st.elem)
	return func(fr *frame) *frame {
		old := fr.regs[s].slice()
		var add []value
		if fromString {
			str := fr.regs[x].str()
			if n := len(old) + len(str); n > cap(old) {
				fr.g.m.allocN(uint64(growCap(cap(old), n, size, noscan)), per)
			}
			add = make([]value, len(str))
			for i := 0; i < len(str); i++ {
				add[i].n = uint64(str[i])
			}
		} else {
			add = fr.regs[x].slice()
			// A new backing array is charged before it is made
			// (with room for its elements' contents: the copies
			// of struct or array elements go there).
			if n := len(old) + len(add); n > cap(old) {
				fr.g.m.allocN(uint64(growCap(cap(old), n, size, noscan)), per)
			}
		}
		if fr.g.m.watch {
			var into []value // appending in place writes the cells past len
			if n := len(old) + len(add); n <= cap(old) {
				into = old[len(old):n]
			}
			src := add
			if fromString {
				src = nil
			}
			if fr.g.m.memBulk(fr, src, into) {
				fr.pc--
				return nil
			}
		}
		s := appendValues(old, add, size, noscan, aggElem)
		if fr.g.m.watch && cap(s) != cap(old) {
			fr.g.m.allocatedSlice(fr.g, s) // a new backing array
		}
		set(fr, value{r: s})
		return fr
	}
}

// copyOp compiles copy, from a slice or a string.
func (c *compiler) copyOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	d, s := args[0], args[1]
	fromString := c.rt(argv[1].Type()).kind == kString
	cp := isAggregate(c.rt(argv[0].Type()).elem)
	return func(fr *frame) *frame {
		dst := fr.regs[d].slice()
		if fr.g.m.watch {
			var src []value
			if !fromString {
				src = fr.regs[s].slice()
			}
			n := min(len(dst), len(src))
			if fromString {
				n = min(len(dst), len(fr.regs[s].str()))
			}
			if fr.g.m.memBulk(fr, src[:min(n, len(src))], dst[:n]) {
				fr.pc--
				return nil
			}
		}
		var n int
		if fromString {
			str := fr.regs[s].str()
			n = min(len(dst), len(str))
			for i := 0; i < n; i++ {
				dst[i] = value{n: uint64(str[i])}
			}
		} else {
			src := fr.regs[s].slice()
			if cp {
				n = copyAggs(dst, src)
			} else {
				n = copy(dst, src)
			}
		}
		set(fr, intVal(int64(n)))
		return fr
	}
}

// containerOp compiles delete and clear of maps and slices.
func (c *compiler) containerOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	switch name {
	case "delete":
		mp, k := args[0], args[1]
		return func(fr *frame) *frame {
			m, _ := fr.regs[mp].r.(*mapV)
			if m == nil {
				return fr
			}
			if fr.g.m.watch && fr.g.m.memAccess(fr, m, true) {
				fr.pc--
				return nil
			}
			m.delete(fr.regs[k])
			return fr
		}
	case "clear":
		t := c.rt(argv[0].Type())
		x := args[0]
		return func(fr *frame) *frame {
			if t.kind == kMap {
				m, _ := fr.regs[x].r.(*mapV)
				m.clear()
				return fr
			}
			s := fr.regs[x].slice()
			if fr.g.m.watch && fr.g.m.memBulk(fr, nil, s) {
				fr.pc--
				return nil
			}
			if t.elem.kind == kStruct || t.elem.kind == kArray {
				// In place: pointers into the elements see the zeros.
				z := t.elem.zero()
				for i := range s {
					assign(&s[i], z)
				}
				return fr
			}
			for i := range s {
				s[i] = t.elem.zero()
			}
			return fr
		}
	}
	c.fault("builtin %s", name)
	return nil
}

// closeOp compiles close of a channel, a visible operation.
func (c *compiler) closeOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	x := args[0]
	return func(fr *frame) *frame {
		m := fr.g.m
		cv, _ := fr.regs[x].r.(*chanV)
		var obj any
		if cv != nil {
			obj = cv
		}
		if !m.visible(fr, &opDesc{kind: opClose, obj: obj, wait: WaitChanClose}) {
			fr.pc--
			return nil
		}
		m.chanClose(cv)
		return fr
	}
}

// minMaxOp compiles min and max.
func (c *compiler) minMaxOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	t := c.rt(argv[0].Type())
	isMax := name == "max"
	return func(fr *frame) *frame {
		r := fr.regs[args[0]]
		for _, s := range args[1:] {
			r = minMax(t, r, fr.regs[s], isMax)
		}
		set(fr, r)
		return fr
	}
}

// printOp compiles print and println, to the machine's standard error.
func (c *compiler) printOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	ts := make([]*rtype, len(argv))
	for i, a := range argv {
		ts[i] = c.rt(a.Type())
	}
	ln := name == "println"
	return func(fr *frame) *frame {
		var sb strings.Builder
		for i, s := range args {
			if ln && i > 0 {
				sb.WriteByte(' ')
			}
			printValue(&sb, ts[i], fr.regs[s])
		}
		if ln {
			sb.WriteByte('\n')
		}
		fr.g.m.writeStderr(sb.String())
		return fr
	}
}

// unsafeOp compiles the functions of package unsafe.
func (c *compiler) unsafeOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	switch name {
	case "String": // unsafe.String(ptr *byte, len)
		p, n := args[0], args[1]
		place := c.placeOperand(argv[0])
		return func(fr *frame) *frame {
			if place != nil {
				place(fr)
			}
			vs := fr.g.m.unsafeElemsOf(fr.regs[p], fr.regs[n].int(), "unsafe.String")
			b := make([]byte, len(vs))
			for i, v := range vs {
				b[i] = byte(v.n)
			}
			set(fr, strVal(string(b)))
			return fr
		}
	case "Slice": // unsafe.Slice(ptr *T, len)
		p, n := args[0], args[1]
		place := c.placeOperand(argv[0])
		return func(fr *frame) *frame {
			if place != nil {
				place(fr)
			}
			set(fr, value{r: fr.g.m.unsafeElemsOf(fr.regs[p], fr.regs[n].int(), "unsafe.Slice")})
			return fr
		}
	case "SliceData":
		x := args[0]
		et := argv[0].Type().Underlying().(*types.Slice).Elem()
		return func(fr *frame) *frame {
			s := fr.regs[x].slice()
			if cap(s) == 0 {
				if s == nil {
					set(fr, value{})
				} else {
					set(fr, value{r: new(value)}) // non-nil, for an empty non-nil slice
				}
				return fr
			}
			set(fr, value{r: fr.g.m.placeElem(s[:cap(s)], 0, et)})
			return fr
		}
	case "StringData":
		// Interpreted strings have no byte memory: the data is a
		// copy, placed as an allocation of its own (strings are
		// immutable, so only reads through it are defined).
		x := args[0]
		return func(fr *frame) *frame {
			s := fr.regs[x].str()
			if s == "" {
				set(fr, value{})
				return fr
			}
			b := make([]value, len(s))
			for i := range len(s) {
				b[i].n = uint64(s[i])
			}
			set(fr, value{r: fr.g.m.placeElem(b, 0, types.Typ[types.Byte])})
			return fr
		}
	case "Add": // unsafe.Add(ptr unsafe.Pointer, len)
		return c.unsafeAdd(argv, dst)
	case "Sizeof", "Alignof", "Offsetof":
		// Not constant in generic code (a type parameter's size): here the
		// function is an instantiation, and the types are known.
		n, ok := unsafeConst(name, argv[0])
		if !ok {
			c.fault("unsafe.Offsetof in generic code of a field not selected directly (x.f, not promoted through an embedded field)")
		}
		return func(fr *frame) *frame { set(fr, intVal(n)); return fr }
	}
	c.fault("builtin %s", name)
	return nil
}

// controlOp compiles panic, recover and the SSA builder's own builtins (ssa:deferstack, ssa:wrapnilchk).
func (c *compiler) controlOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	switch name {
	case "panic":
		// go panic(v) and defer panic(v): the statement's thunk calls
		// the builtin (a panic statement is an ssa.Panic instead).
		return panicOp(args[0])
	case "ssa:deferstack":
		// The current frame's defer stack, for defers in the bodies of
		// range-over-func loops (see deferStmt).
		return func(fr *frame) *frame {
			set(fr, value{r: fr})
			return fr
		}
	case "recover":
		if c.inThunk {
			// defer recover(): recover is not called by a deferred
			// function, so it returns nil and stops no panic.
			return func(fr *frame) *frame {
				set(fr, value{})
				return fr
			}
		}
		return func(fr *frame) *frame {
			set(fr, fr.g.m.recover(fr))
			return fr
		}
	case "ssa:wrapnilchk":
		x := args[0]
		return func(fr *frame) *frame {
			if isNilRef(fr.regs[x].r) {
				// Go 1.26 reports a plain nil dereference here.
				throwPanic(nilDeref())
			}
			set(fr, fr.regs[x])
			return fr
		}
	}
	c.fault("builtin %s", name)
	return nil
}

// complexOp compiles complex, real and imag.
func (c *compiler) complexOp(name string, argv []ssa.Value, args []int, dst int, set func(*frame, value)) op {
	switch name {
	case "complex":
		k := c.rt(argv[0].Type()).kind
		x, y := args[0], args[1]
		return func(fr *frame) *frame {
			v := complex(fr.regs[x].float(), fr.regs[y].float())
			if k == kFloat32 {
				v = complex128(complex64(v))
			}
			set(fr, value{r: v})
			return fr
		}
	case "real":
		x := args[0]
		return func(fr *frame) *frame { set(fr, f64Val(real(fr.regs[x].cplx()))); return fr }
	case "imag":
		x := args[0]
		return func(fr *frame) *frame { set(fr, f64Val(imag(fr.regs[x].cplx()))); return fr }
	}
	c.fault("builtin %s", name)
	return nil
}
func stringConst(c *ssa.Const) string {
	s, _ := strconv.Unquote(c.Value.ExactString())
	return s
}

func shortName(qualified string) string {
	if i := strings.LastIndex(qualified, "."); i >= 0 {
		return qualified[i+1:]
	}
	return qualified
}

// lenCap implements len and cap.
func lenCap(t *rtype, v value, isCap bool) int {
	switch t.kind {
	case kString:
		return len(v.str())
	case kSlice:
		if isCap {
			return cap(v.slice())
		}
		return len(v.slice())
	case kArray:
		return t.length
	case kPointer: // pointer to array
		return t.elem.length
	case kMap:
		m, _ := v.r.(*mapV)
		return m.len()
	case kChan:
		ch, _ := v.r.(*chanV)
		if ch == nil {
			return 0
		}
		if isCap {
			return ch.cap
		}
		return len(ch.buf)
	}
	panic("internal error: len of " + t.name)
}

// appendValues appends add to old with Go's growth policy. elem is the
// element type if it is an aggregate (a struct, an array, a native struct
// or a model: see isAggregate), else nil. Appended in place, aggregates
// are stored into the elements past len, which a reslice up to cap may
// already point into (copyAggs); a new backing array has elements of its
// own, zero past len, as Go's array is.
func appendValues(old, add []value, size int64, noscan bool, elem *rtype) []value {
	n := len(old) + len(add)
	if n <= cap(old) {
		s := old[:n]
		if elem == nil {
			copy(s[len(old):], add)
		} else {
			copyAggs(s[len(old):], add)
		}
		return s
	}
	nc := growCap(cap(old), n, size, noscan)
	s := make([]value, n, nc)
	copy(s, old)
	copy(s[len(old):], add)
	if elem != nil {
		for i := range s {
			s[i] = copyVal(s[i])
		}
		zeroElems(s[n:nc], elem)
	}
	return s
}

// zeroElems sets the elements of s, a new array of elem values, to zero
// aggregates of their own (the scalars' zero is value{}): the fields of
// structs and arrays cut from one array (zeroIn).
func zeroElems(s []value, elem *rtype) {
	switch elem.kind {
	case kStruct, kArray:
		n := elem.flatSize()
		buf := make([]value, len(s)*n)
		for i := range s {
			s[i] = elem.zeroIn(buf[i*n : (i+1)*n : (i+1)*n])
		}
	case kNative:
		for i := range s {
			s[i] = elem.zero()
		}
	}
}

func minMax(t *rtype, a, b value, isMax bool) value {
	switch {
	case t.kind.isFloat():
		x, y := a.float(), b.float()
		if isMax {
			return f64Val(max(x, y))
		}
		return f64Val(min(x, y))
	case t.kind == kString:
		if (b.str() > a.str()) == isMax && b.str() != a.str() {
			return b
		}
		return a
	case t.kind.isSigned():
		if (int64(b.n) > int64(a.n)) == isMax && a.n != b.n {
			return b
		}
		return a
	}
	if (b.n > a.n) == isMax && a.n != b.n {
		return b
	}
	return a
}

// printValue formats v as the print/println builtins do.
func printValue(sb *strings.Builder, t *rtype, v value) {
	switch {
	case t.kind == kBool:
		sb.WriteString(strconv.FormatBool(v.bool()))
	case t.kind.isSigned():
		sb.WriteString(strconv.FormatInt(v.int(), 10))
	case t.kind.isUnsigned():
		sb.WriteString(strconv.FormatUint(v.n, 10))
	case t.kind.isFloat():
		sb.WriteString(strconv.FormatFloat(v.float(), 'g', -1, int(t.kind.bits())))
	case t.kind.isComplex():
		bits := 128
		if t.kind == kComplex64 {
			bits = 64
		}
		sb.WriteString(strconv.FormatComplex(v.cplx(), 'g', -1, bits))
	case t.kind == kString:
		sb.WriteString(v.str())
	case t.kind == kInterface:
		if v.r == nil {
			sb.WriteString("(0x0,0x0)")
		} else {
			sb.WriteString("(0xc000010000,0xc000010000)")
		}
	case t.kind == kSlice:
		fmt.Fprintf(sb, "[%d/%d]0xc000010000", len(v.slice()), cap(v.slice()))
	default:
		if isNilRef(v.r) {
			sb.WriteString("0x0")
		} else {
			sb.WriteString("0xc000010000")
		}
	}
}

// recover implements the recover builtin called in frame fr.
func (m *Machine) recover(fr *frame) value {
	p := fr.g.panic
	if p == nil || fr.deferCall == nil || fr.deferCall != p || p.recovered || p.goexit {
		return value{}
	}
	p.recovered = true
	return p.val
}

// copyAggs is copy(dst, src) for slices of structs or arrays: each element
// is copied into dst's own fields and elements (see assign), in the order
// that keeps overlapping slices right, as memmove does.
func copyAggs(dst, src []value) int {
	n := min(len(dst), len(src))
	if n == 0 {
		return 0
	}
	if uintptr(unsafe.Pointer(&dst[0])) > uintptr(unsafe.Pointer(&src[0])) {
		for i := n - 1; i >= 0; i-- {
			assign(&dst[i], src[i])
		}
		return n
	}
	for i := range n {
		assign(&dst[i], src[i])
	}
	return n
}

// unsafeConst computes unsafe.Sizeof, Alignof or Offsetof of x for the gc
// compiler on amd64 (Offsetof only of a field selected from a struct
// value or through a pointer to one, x.f).
func unsafeConst(name string, x ssa.Value) (int64, bool) {
	switch name {
	case "Sizeof":
		return gcSizes.Sizeof(x.Type()), true
	case "Alignof":
		return gcSizes.Alignof(x.Type()), true
	}
	// x.f, but not through an embedded field: SSA's x.e.f and x.f
	// promoted from e are alike, and their offsets are from x.e and x.
	var st *types.Struct
	var field int
	var base ssa.Value
	switch x := x.(type) {
	case *ssa.Field:
		st, field, base = x.X.Type().Underlying().(*types.Struct), x.Field, x.X
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			st, field, base = fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct), fa.Field, fa.X
		}
	}
	switch b := base.(type) {
	case *ssa.Field:
		if b.X.Type().Underlying().(*types.Struct).Field(b.Field).Embedded() {
			return 0, false
		}
	case *ssa.FieldAddr:
		if b.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(b.Field).Embedded() {
			return 0, false
		}
	}
	if st == nil {
		return 0, false
	}
	fields := make([]*types.Var, st.NumFields())
	for i := range fields {
		fields[i] = st.Field(i)
	}
	return gcSizes.Offsetsof(fields)[field], true
}
