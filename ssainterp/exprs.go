package ssainterp

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// binop compiles ins, by the family of its operator and operands' kind.
func (c *compiler) binop(ins *ssa.BinOp) op {
	x, y, d := c.slot(ins.X), c.slot(ins.Y), c.slots[ins]
	rt := c.rt(ins.X.Type())
	k := rt.kind
	tok := ins.Op
	switch {
	case tok == token.SHL || tok == token.SHR:
		return shiftOp(tok, k, c.rt(ins.Y.Type()).kind.isSigned(), x, y, d)
	case k.isInt() || k == kBool:
		if k == kBool || isComparison(tok) {
			return intCompareOp(tok, k.isSigned(), x, y, d)
		}
		if cy, ok := ins.Y.(*ssa.Const); ok && k.bits() == 64 && cy.Value != nil {
			n := c.p.constValue(cy).n
			if f := intImmediateOp(tok, k.isSigned(), n, x, d); f != nil {
				c.setInst(ins, inst{k: immInst(tok, k.isSigned()), a: int32(x), d: int32(d), imm: n})
				return f
			}
		}
		if ik, ok := arithInsts[tok]; ok && k.bits() == 64 {
			c.setInst(ins, inst{k: ik, a: int32(x), b: int32(y), d: int32(d)})
		}
		return intArithOp(tok, k, x, y, d)
	case k.isFloat():
		return floatOp(tok, k, x, y, d)
	case k.isComplex():
		return complexOp(tok, k, x, y, d)
	case k == kString:
		return stringOp(tok, x, y, d)
	}
	// == and != on everything else. Comparing a value with an interface
	// (mixed operands) does not occur in SSA: both sides share a type.
	neq := tok == token.NEQ
	return func(fr *frame) *frame {
		fr.regs[d].n = b2u(equal(rt, fr.regs[x], fr.regs[y]) != neq)
		return fr
	}
}

// arithInsts are the plain forms of the 64-bit operators that
// intArithOp compiles inline.
var arithInsts = map[token.Token]instKind{token.ADD: iAdd, token.SUB: iSub, token.MUL: iMul, token.AND: iAnd, token.OR: iOr}

// immInst is the plain form of an op intImmediateOp made for tok (% by a
// constant it makes only for one that is not 0).
func immInst(tok token.Token, signed bool) instKind {
	switch tok {
	case token.ADD:
		return iAddImm
	case token.SUB:
		return iSubImm
	case token.MUL:
		return iMulImm
	case token.AND:
		return iAndImm
	case token.REM:
		if signed {
			return iRemImm
		}
		return iRemImmU
	}
	return iOp
}

// isComparison reports whether tok is ==, !=, <, <=, > or >=.
func isComparison(tok token.Token) bool {
	switch tok {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// shiftOp is x << y or x >> y on integers of kind k; a signed count
// (signedY) panics if negative.
func shiftOp(tok token.Token, k rkind, signedY bool, x, y, d int) op {
	return func(fr *frame) *frame {
		n := fr.regs[y].n
		if signedY && int64(n) < 0 {
			throwRuntime("negative shift amount")
		}
		fr.regs[d].n = shift(tok, k, fr.regs[x].n, n)
		return fr
	}
}

// intImmediateOp is x tok n on 64-bit integers for a constant n (an
// immediate: i+1, n-2, i*2, i&1, i%4), or nil for the operators (and
// n == 0 for %) intArithOp does.
func intImmediateOp(tok token.Token, signed bool, n uint64, x, d int) op {
	switch tok {
	case token.ADD:
		return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n + n; return fr }
	case token.SUB:
		return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n - n; return fr }
	case token.MUL:
		return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n * n; return fr }
	case token.AND:
		return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n & n; return fr }
	case token.REM:
		switch {
		case n == 0:
		case signed:
			return func(fr *frame) *frame { fr.regs[d].n = uint64(int64(fr.regs[x].n) % int64(n)); return fr }
		default:
			return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n % n; return fr }
		}
	}
	return nil
}

// intArithOp is x tok y on integers of kind k, but for comparisons and
// shifts: inline for the common 64-bit operators, intBinop otherwise.
func intArithOp(tok token.Token, k rkind, x, y, d int) op {
	if k.bits() == 64 {
		switch tok {
		case token.ADD:
			return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n + fr.regs[y].n; return fr }
		case token.SUB:
			return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n - fr.regs[y].n; return fr }
		case token.MUL:
			return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n * fr.regs[y].n; return fr }
		case token.AND:
			return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n & fr.regs[y].n; return fr }
		case token.OR:
			return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n | fr.regs[y].n; return fr }
		}
	}
	return func(fr *frame) *frame {
		r, msg := intBinop(tok, k, fr.regs[x].n, fr.regs[y].n)
		if msg != "" {
			throwRuntime(msg)
		}
		fr.regs[d].n = r
		return fr
	}
}

// floatOp is x tok y on floats of kind k.
func floatOp(tok token.Token, k rkind, x, y, d int) op {
	if isComparison(tok) {
		return func(fr *frame) *frame {
			fr.regs[d].n = b2u(compare(tok, fr.regs[x].float(), fr.regs[y].float()))
			return fr
		}
	}
	return func(fr *frame) *frame {
		fr.regs[d] = f64Val(floatBinop(tok, k, fr.regs[x].float(), fr.regs[y].float()))
		return fr
	}
}

// complexOp is x tok y on complex numbers of kind k.
func complexOp(tok token.Token, k rkind, x, y, d int) op {
	switch tok {
	case token.EQL:
		return func(fr *frame) *frame { fr.regs[d].n = b2u(fr.regs[x].cplx() == fr.regs[y].cplx()); return fr }
	case token.NEQ:
		return func(fr *frame) *frame { fr.regs[d].n = b2u(fr.regs[x].cplx() != fr.regs[y].cplx()); return fr }
	}
	return func(fr *frame) *frame {
		fr.regs[d] = value{r: complexBinop(tok, k, fr.regs[x].cplx(), fr.regs[y].cplx())}
		return fr
	}
}

// stringOp is x + y (which allocates) or a comparison on strings.
func stringOp(tok token.Token, x, y, d int) op {
	if tok == token.ADD {
		return func(fr *frame) *frame {
			a, b := fr.regs[x].str(), fr.regs[y].str()
			fr.g.m.alloc(uint64(len(a)) + uint64(len(b)))
			fr.regs[d] = strVal(a + b)
			return fr
		}
	}
	return func(fr *frame) *frame {
		fr.regs[d].n = b2u(compare(tok, fr.regs[x].str(), fr.regs[y].str()))
		return fr
	}
}

func intCompareOp(tok token.Token, signed bool, x, y, d int) op {
	switch tok {
	case token.EQL:
		return func(fr *frame) *frame { fr.regs[d].n = b2u(fr.regs[x].n == fr.regs[y].n); return fr }
	case token.NEQ:
		return func(fr *frame) *frame { fr.regs[d].n = b2u(fr.regs[x].n != fr.regs[y].n); return fr }
	}
	if signed {
		switch tok {
		case token.LSS:
			return func(fr *frame) *frame { fr.regs[d].n = b2u(int64(fr.regs[x].n) < int64(fr.regs[y].n)); return fr }
		case token.LEQ:
			return func(fr *frame) *frame { fr.regs[d].n = b2u(int64(fr.regs[x].n) <= int64(fr.regs[y].n)); return fr }
		case token.GTR:
			return func(fr *frame) *frame { fr.regs[d].n = b2u(int64(fr.regs[x].n) > int64(fr.regs[y].n)); return fr }
		case token.GEQ:
			return func(fr *frame) *frame { fr.regs[d].n = b2u(int64(fr.regs[x].n) >= int64(fr.regs[y].n)); return fr }
		}
	}
	return func(fr *frame) *frame {
		fr.regs[d].n = b2u(intCompare(tok, signed, fr.regs[x].n, fr.regs[y].n))
		return fr
	}
}

func (c *compiler) unop(ins *ssa.UnOp) op {
	x, d := c.slot(ins.X), c.slots[ins]
	switch ins.Op {
	case token.NOT:
		return func(fr *frame) *frame { fr.regs[d].n = fr.regs[x].n ^ 1; return fr }
	case token.SUB:
		k := c.rt(ins.X.Type()).kind
		switch {
		case k.isInt():
			return func(fr *frame) *frame { fr.regs[d].n = norm(k, -fr.regs[x].n); return fr }
		case k.isFloat():
			return func(fr *frame) *frame { fr.regs[d] = f64Val(-fr.regs[x].float()); return fr }
		case k.isComplex():
			return func(fr *frame) *frame { fr.regs[d] = value{r: -fr.regs[x].cplx()}; return fr }
		}
	case token.XOR:
		k := c.rt(ins.X.Type()).kind
		return func(fr *frame) *frame { fr.regs[d].n = norm(k, ^fr.regs[x].n); return fr }
	case token.MUL:
		rt := c.rt(ins.Type())
		// A load whose value is unused is no access for the race
		// detector: SSA loads the array of "for i := range a.arr",
		// which Go does not evaluate.
		track := !localAddr(ins.X) && len(*ins.Referrers()) > 0
		borrow := localAddr(ins.X) && copiedByNextStore(ins)
		if isAggregate(rt) {
			return func(fr *frame) *frame {
				if track && fr.g.m.watch && tracked(fr, fr.regs[x], false) {
					fr.pc--
					return nil
				}
				v := loadFrom(fr.g.m, fr.regs[x], rt)
				if _, ok := v.r.(agg); !ok {
					fr.g.m.typeWordRead(fr.regs[x].r)
				}
				if !borrow {
					v = copyVal(v)
				}
				fr.regs[d] = v
				return fr
			}
		}
		return func(fr *frame) *frame {
			if p, ok := fr.regs[x].r.(*value); ok && p != nil {
				if track && fr.g.m.watch && fr.g.m.memAccess(fr, p, false) {
					fr.pc--
					return nil
				}
				fr.regs[d] = *p
				return fr
			}
			fr.regs[d] = loadFrom(fr.g.m, fr.regs[x], rt)
			return fr
		}
	case token.ARROW:
		return c.recv(ins)
	}
	c.fault("unary %s on %s", ins.Op, ins.X.Type())
	return nil
}

func (c *compiler) convert(ins *ssa.Convert) op {
	from, to := c.rt(ins.X.Type()), c.rt(ins.Type())
	if from.kind == kUnsafePointer || to.kind == kUnsafePointer {
		return c.unsafeConvert(ins) // unsafecompile.go
	}
	x, d := c.slot(ins.X), c.slots[ins]
	if from.kind.isInt() && to.kind.isInt() {
		k := to.kind
		return func(fr *frame) *frame { fr.regs[d].n = norm(k, fr.regs[x].n); return fr }
	}
	if op := convertAlloc(from, to, x, d); op != nil {
		return op
	}
	return func(fr *frame) *frame { fr.regs[d] = convert(from, to, fr.regs[x]); return fr }
}

// convertAlloc is the op of a conversion that allocates (string to byte
// or rune slice and back), charging the result's size before it is
// made; nil for other conversions.
func convertAlloc(from, to *rtype, x, d int) op {
	switch {
	case from.kind == kString && to.kind == kSlice:
		// []byte(s): an element per byte; []rune(s): at most as many.
		return func(fr *frame) *frame {
			fr.g.m.allocN(uint64(len(fr.regs[x].str())), valueSize)
			fr.regs[d] = convert(from, to, fr.regs[x])
			return fr
		}
	case from.kind == kSlice && to.kind == kString:
		// string(bytes): a byte each; string(runes): up to 4 each.
		per := uint64(1)
		if from.elem.kind != kUint8 {
			per = 4
		}
		return func(fr *frame) *frame {
			fr.g.m.allocN(uint64(len(fr.regs[x].slice())), per)
			fr.regs[d] = convert(from, to, fr.regs[x])
			return fr
		}
	}
	return nil
}

// multiConvert converts between types at least one of which is a type
// parameter instantiated with several types: decide per dynamic case. With
// generic instantiation every type is concrete, so this is a plain convert.
func (c *compiler) multiConvert(ins *ssa.MultiConvert) op {
	from, to := c.rt(ins.X.Type()), c.rt(ins.Type())
	x, d := c.slot(ins.X), c.slots[ins]
	if op := convertAlloc(from, to, x, d); op != nil {
		return op
	}
	return func(fr *frame) *frame { fr.regs[d] = convert(from, to, fr.regs[x]); return fr }
}

func (c *compiler) sliceToArrayPointer(ins *ssa.SliceToArrayPointer) op {
	x, d := c.slot(ins.X), c.slots[ins]
	at := c.rt(deref(ins.Type()))
	n := at.length
	return func(fr *frame) *frame {
		s := fr.regs[x].slice()
		if len(s) < n {
			throwRuntime(fmt.Sprintf("cannot convert slice with length %d to array or pointer to array with length %d", len(s), n))
		}
		if s == nil {
			fr.regs[d] = value{}
			return fr
		}
		fr.regs[d] = value{r: &arrayView{s: s[:n:n]}}
		return fr
	}
}

// arrayView is a pointer to an array that aliases a slice's backing
// store (from a slice-to-array-pointer conversion).
type arrayView struct{ s []value }

func (c *compiler) makeInterface(ins *ssa.MakeInterface) op {
	rt := c.rt(ins.X.Type())
	x, d := c.slot(ins.X), c.slots[ins]
	return func(fr *frame) *frame {
		fr.g.m.alloc(ifaceBytes)
		fr.regs[d] = value{r: &iface{t: rt, v: fr.regs[x]}}
		return fr
	}
}

func (c *compiler) fieldAddr(ins *ssa.FieldAddr) op {
	x, d, i := c.slot(ins.X), c.slots[ins], ins.Field
	st := c.rt(deref(ins.X.Type()))
	if st.kind == kNative {
		return func(fr *frame) *frame {
			p := fr.regs[x].r
			fr.regs[d] = value{r: nativeFieldAddr(p, i)}
			return fr
		}
	}
	return func(fr *frame) *frame {
		p, ok := fr.regs[x].r.(*value)
		if !ok || p == nil {
			if !ok && fr.regs[x].r != nil {
				fr.regs[d] = value{r: nativeFieldAddr(fr.regs[x].r, i)}
				return fr
			}
			throwPanic(nilDeref())
		}
		a, ok := p.r.(agg)
		if !ok {
			a = fr.g.m.noParts(p, ins.X.Type())
		}
		fr.regs[d] = value{r: &a[i]}
		return fr
	}
}

func (c *compiler) index(ins *ssa.Index) op {
	x, i, d := c.slot(ins.X), c.slot(ins.Index), c.slots[ins]
	xt := c.rt(ins.X.Type())
	signed := c.rt(ins.Index.Type()).kind.isSigned()
	if xt.kind == kString {
		return stringIndex(x, i, d, signed)
	}
	return func(fr *frame) *frame {
		a := fr.regs[x].r.(agg)
		n := fr.regs[i].n
		if n >= uint64(len(a)) {
			throwRuntime(boundsMsg(n, signed, len(a)))
		}
		fr.regs[d] = a[n]
		return fr
	}
}

// stringIndex is s[i] for a string (ssa.Index and ssa.Lookup both).
func stringIndex(x, i, d int, signed bool) op {
	return func(fr *frame) *frame {
		s := fr.regs[x].str()
		n := fr.regs[i].n
		if n >= uint64(len(s)) {
			throwRuntime(boundsMsg(n, signed, len(s)))
		}
		fr.regs[d].n = uint64(s[n])
		return fr
	}
}

func boundsMsg(n uint64, signed bool, length int) string {
	if signed {
		if int64(n) < 0 {
			return fmt.Sprintf("index out of range [%d]", int64(n))
		}
		return fmt.Sprintf("index out of range [%d] with length %d", int64(n), length)
	}
	return fmt.Sprintf("index out of range [%d] with length %d", n, length)
}

func (c *compiler) indexAddr(ins *ssa.IndexAddr) op {
	x, i, d := c.slot(ins.X), c.slot(ins.Index), c.slots[ins]
	signed := c.rt(ins.Index.Type()).kind.isSigned()
	if _, isSlice := ins.X.Type().Underlying().(*types.Slice); isSlice {
		return func(fr *frame) *frame {
			s, _ := fr.regs[x].r.([]value)
			n := fr.regs[i].n
			if n >= uint64(len(s)) {
				throwRuntime(boundsMsg(n, signed, len(s)))
			}
			fr.regs[d] = value{r: &s[n]}
			return fr
		}
	}
	// Pointer to array.
	return func(fr *frame) *frame {
		a := arrayOf(fr.g.m, fr.regs[x])
		n := fr.regs[i].n
		if n >= uint64(len(a)) {
			throwRuntime(boundsMsg(n, signed, len(a)))
		}
		fr.regs[d] = value{r: &a[n]}
		return fr
	}
}

// arrayOf returns the elements an array pointer points to.
func arrayOf(m *Machine, p value) []value {
	switch q := p.r.(type) {
	case *value:
		if q == nil {
			throwPanic(nilDeref())
		}
		a, ok := q.r.(agg)
		if !ok {
			m.noParts(q, nil)
		}
		return a
	case *arrayView:
		return q.s
	case nil:
		throwPanic(nilDeref())
	}
	unsupported("pointer to native array")
	return nil
}

func (c *compiler) lookup(ins *ssa.Lookup) op {
	x, i, d := c.slot(ins.X), c.slot(ins.Index), c.slots[ins]
	xt := c.rt(ins.X.Type())
	if xt.kind == kString {
		return stringIndex(x, i, d, c.rt(ins.Index.Type()).kind.isSigned())
	}
	commaOk := ins.CommaOk
	e0, e1, direct := c.commaOkDests(ins)
	copyElem := isAggregate(xt.elem)
	return func(fr *frame) *frame {
		m, _ := fr.regs[x].r.(*mapV)
		if m != nil && fr.g.m.watch && fr.g.m.memAccess(fr, m, false) {
			fr.pc--
			return nil
		}
		v, ok := m.get(fr.regs[i])
		if !ok {
			v = xt.elem.zero()
		} else if copyElem {
			v = copyVal(v)
		}
		if commaOk {
			setCommaOk(fr, d, e0, e1, direct, v, ok)
		} else {
			fr.regs[d] = v
		}
		return fr
	}
}

func (c *compiler) mapUpdate(ins *ssa.MapUpdate) op {
	mp, k, v := c.slot(ins.Map), c.slot(ins.Key), c.slot(ins.Value)
	rt := c.rt(ins.Map.Type())
	cp := isAggregate(rt.elem)
	return func(fr *frame) *frame {
		m, _ := fr.regs[mp].r.(*mapV)
		if m == nil {
			throwPanic(plainErr("assignment to entry in nil map"))
		}
		if fr.g.m.watch && fr.g.m.memAccess(fr, m, true) {
			fr.pc--
			return nil
		}
		val := fr.regs[v]
		if cp {
			val = copyVal(val)
		}
		m.set(fr.regs[k], val)
		return fr
	}
}

func (c *compiler) makeSlice(ins *ssa.MakeSlice) op {
	rt := c.rt(ins.Type())
	l, cp, d := c.slot(ins.Len), c.slot(ins.Cap), c.slots[ins]
	lsigned := c.rt(ins.Len.Type()).kind.isSigned()
	csigned := c.rt(ins.Cap.Type()).kind.isSigned()
	elemAgg := isAggregate(rt.elem)
	per := elemBytes(rt.elem)
	plain := plainBytes(rt.elem)
	return func(fr *frame) *frame {
		n, m := fr.regs[l].n, fr.regs[cp].n
		if (lsigned && int64(n) < 0) || n > 1<<40 {
			throwRuntime("makeslice: len out of range")
		}
		if (csigned && int64(m) < 0) || m > 1<<40 || m < n {
			throwRuntime("makeslice: cap out of range")
		}
		if plain > 0 && m >= bigPlainCells {
			if s := fr.g.m.bigPlainSlice(m, plain); s != nil {
				if fr.g.m.watch {
					fr.g.m.bigArrays.add(s, fr.g.id, true)
				}
				fr.regs[d] = value{r: s[:n]}
				return fr
			}
		}
		fr.g.m.allocN(m, per)
		s := make([]value, n, m)
		if elemAgg {
			zeroElems(s[:m], rt.elem)
		}
		if fr.g.m.watch {
			fr.g.m.allocatedSlice(fr.g, s)
		}
		fr.regs[d] = value{r: s}
		return fr
	}
}

func (c *compiler) sliceOp(ins *ssa.Slice) op {
	x, d := c.slot(ins.X), c.slots[ins]
	lo, hi, mx := -1, -1, -1
	if ins.Low != nil {
		lo = c.slot(ins.Low)
	}
	if ins.High != nil {
		hi = c.slot(ins.High)
	}
	if ins.Max != nil {
		mx = c.slot(ins.Max)
	}
	get := func(fr *frame, s int, def int) int {
		if s < 0 {
			return def
		}
		n := fr.regs[s].n
		if int64(n) < 0 || n > 1<<62 {
			return -1 << 62 // caught by the bounds checks below
		}
		return int(n)
	}
	xt := c.rt(ins.X.Type())
	if xt.kind == kString {
		return func(fr *frame) *frame {
			s := fr.regs[x].str()
			l, h := get(fr, lo, 0), get(fr, hi, len(s))
			if h < 0 || h > len(s) {
				throwRuntime(fmt.Sprintf("slice bounds out of range [:%d] with length %d", sliceBound(fr, hi), len(s)))
			}
			if l < 0 {
				throwRuntime(fmt.Sprintf("slice bounds out of range [%d:]", sliceBound(fr, lo)))
			}
			if l > h {
				throwRuntime(fmt.Sprintf("slice bounds out of range [%d:%d]", sliceBound(fr, lo), h))
			}
			fr.regs[d] = strVal(s[l:h])
			return fr
		}
	}
	isSlice := xt.kind == kSlice
	return func(fr *frame) *frame {
		var s []value
		if isSlice {
			s = fr.regs[x].slice()
		} else {
			s = arrayOf(fr.g.m, fr.regs[x])
		}
		capS := cap(s)
		l, h, m := get(fr, lo, 0), get(fr, hi, len(s)), get(fr, mx, capS)
		word := "capacity"
		if !isSlice {
			word = "length"
		}
		if mx >= 0 {
			if m < 0 || m > capS {
				throwRuntime(fmt.Sprintf("slice bounds out of range [::%d] with %s %d", sliceBound(fr, mx), word, capS))
			}
			if h < 0 || h > m {
				throwRuntime(fmt.Sprintf("slice bounds out of range [:%d:%d]", sliceBound(fr, hi), m))
			}
			if l < 0 || l > h {
				throwRuntime(fmt.Sprintf("slice bounds out of range [%d:%d:]", sliceBound(fr, lo), h))
			}
		} else {
			if h < 0 || h > capS {
				throwRuntime(fmt.Sprintf("slice bounds out of range [:%d] with %s %d", sliceBound(fr, hi), word, capS))
			}
			if l < 0 {
				throwRuntime(fmt.Sprintf("slice bounds out of range [%d:]", sliceBound(fr, lo)))
			}
			if l > h {
				throwRuntime(fmt.Sprintf("slice bounds out of range [%d:%d]", sliceBound(fr, lo), h))
			}
		}
		if s == nil {
			fr.regs[d] = value{}
			return fr
		}
		fr.regs[d] = value{r: s[l:h:m]}
		return fr
	}
}

// sliceBound prints a slice index operand as the runtime does.
func sliceBound(fr *frame, s int) int64 {
	if s < 0 {
		return 0
	}
	return int64(fr.regs[s].n)
}

func (c *compiler) typeAssert(ins *ssa.TypeAssert) op {
	x, d := c.slot(ins.X), c.slots[ins]
	at := c.rt(ins.AssertedType)
	from := c.rt(ins.X.Type())
	commaOk := ins.CommaOk
	e0, e1, direct := c.commaOkDests(ins)
	toIface := at.kind == kInterface
	// The value of a failed comma-ok assertion. An aggregate is shared
	// by every failure, as a successful one shares the interface's
	// (registers are never written through: stores and loads copy);
	// a native struct is made anew.
	var fail value
	shareZero := !toIface && !hasNative(at)
	if shareZero {
		fail = at.zero()
	}
	return func(fr *frame) *frame {
		i, _ := fr.regs[x].r.(*iface)
		var ok bool
		var res value
		if i != nil {
			if toIface {
				ok = i.t.implements(at)
				res = fr.regs[x]
			} else {
				ok = i.t == at
				res = i.v
			}
		}
		if commaOk {
			if !ok {
				switch {
				case toIface:
					res = value{}
				case shareZero:
					res = fail
				default:
					res = at.zero()
				}
			}
			setCommaOk(fr, d, e0, e1, direct, res, ok)
			return fr
		}
		if !ok {
			throwPanic(typeAssertErr(from, at, i))
		}
		fr.regs[d] = res
		return fr
	}
}

// typeAssertErr builds the *runtime.TypeAssertionError message.
func typeAssertErr(from, to *rtype, i *iface) *runtimeError {
	if i == nil {
		if to.kind == kInterface {
			return assertErr(fmt.Sprintf("interface conversion: interface is nil, not %s", to.name))
		}
		return assertErr(fmt.Sprintf("interface conversion: %s is nil, not %s", from.name, to.name))
	}
	if to.kind == kInterface {
		return assertErr(fmt.Sprintf("interface conversion: %s is not %s: missing method %s", i.t.name, to.name, i.t.missingMethod(to)))
	}
	if i.t.name == to.name {
		return assertErr(fmt.Sprintf("interface conversion: %s is %s, not %s (types from different scopes)", from.name, i.t.name, to.name))
	}
	return assertErr(fmt.Sprintf("interface conversion: %s is %s, not %s", from.name, i.t.name, to.name))
}

// copiedByNextStore reports whether the only use of the aggregate load
// ins is the store right after it, which copies what it stores (assign,
// copyVal): the load need not copy too (a local's table literal stored
// into its global, x/net/idna's). With the source a local, nothing
// writes it in between, even if the store stops first.
func copiedByNextStore(ins *ssa.UnOp) bool {
	refs := *ins.Referrers()
	if len(refs) != 1 {
		return false
	}
	st, ok := refs[0].(*ssa.Store)
	if !ok || st.Val != ins || st.Addr == ins || st.Block() != ins.Block() {
		return false
	}
	instrs := ins.Block().Instrs
	for i, in := range instrs[:len(instrs)-1] {
		if in == ins {
			return instrs[i+1] == st
		}
	}
	return false
}
