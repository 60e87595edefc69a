package ssainterp

import (
	"cmp"
	"go/constant"
	"go/token"
	"math"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// norm truncates x to the width of integer kind k and re-extends it
// (sign-extension for signed kinds), which is Go's wraparound arithmetic.
func norm(k rkind, x uint64) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(x)))
	case kInt16:
		return uint64(int64(int16(x)))
	case kInt32:
		return uint64(int64(int32(x)))
	case kUint8:
		return uint64(uint8(x))
	case kUint16:
		return uint64(uint16(x))
	case kUint32:
		return uint64(uint32(x))
	}
	return x
}

// f32 rounds a float64 to float32 precision when k is float32.
func roundFloat(k rkind, f float64) float64 {
	if k == kFloat32 {
		return float64(float32(f))
	}
	return f
}

func roundComplex(k rkind, c complex128) complex128 {
	if k == kComplex64 {
		return complex128(complex64(c))
	}
	return c
}

// intBinop computes x op y for integers of kind k. It returns a non-empty
// message for a run-time error ("integer divide by zero").
func intBinop(op token.Token, k rkind, x, y uint64) (uint64, string) {
	signed := k.isSigned()
	switch op {
	case token.ADD:
		return norm(k, x+y), ""
	case token.SUB:
		return norm(k, x-y), ""
	case token.MUL:
		return norm(k, x*y), ""
	case token.QUO:
		if y == 0 {
			return 0, "integer divide by zero"
		}
		if signed {
			if int64(y) == -1 {
				return norm(k, -x), "" // MinInt / -1 wraps
			}
			return norm(k, uint64(int64(x)/int64(y))), ""
		}
		return x / y, ""
	case token.REM:
		if y == 0 {
			return 0, "integer divide by zero"
		}
		if signed {
			if int64(y) == -1 {
				return 0, ""
			}
			return uint64(int64(x) % int64(y)), ""
		}
		return x % y, ""
	case token.AND:
		return x & y, ""
	case token.OR:
		return x | y, ""
	case token.XOR:
		return norm(k, x^y), ""
	case token.AND_NOT:
		return x &^ y, ""
	}
	panic("internal error: bad integer op " + op.String())
}

// shift computes x << y or x >> y for x of kind k; the count y is already
// known to be non-negative.
func shift(op token.Token, k rkind, x, y uint64) uint64 {
	if op == token.SHL {
		if y >= 64 {
			return 0
		}
		return norm(k, x<<y)
	}
	if k.isSigned() {
		if y >= 64 {
			y = 63
		}
		return uint64(int64(x) >> y)
	}
	if y >= 64 {
		return 0
	}
	return x >> y
}

// compare implements the comparison operators on ordered values.
func compare[T cmp.Ordered](op token.Token, x, y T) bool {
	switch op {
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	}
	panic("internal error: bad comparison " + op.String())
}

func intCompare(op token.Token, signed bool, x, y uint64) bool {
	if signed {
		return compare(op, int64(x), int64(y))
	}
	return compare(op, x, y)
}

// arith computes x op y for floats and complex numbers.
func arith[T float64 | complex128](op token.Token, x, y T) T {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		return x / y
	}
	panic("internal error: bad arithmetic op " + op.String())
}

func floatBinop(op token.Token, k rkind, x, y float64) float64 {
	return roundFloat(k, arith(op, x, y))
}

func complexBinop(op token.Token, k rkind, x, y complex128) complex128 {
	return roundComplex(k, arith(op, x, y))
}

// equal implements == for two values of type rt. It panics (with a Go
// run-time error) when an interface holds an uncomparable dynamic type.
func equal(rt *rtype, x, y value) bool {
	switch rt.kind {
	case kString:
		return x.str() == y.str()
	case kComplex64, kComplex128:
		return x.cplx() == y.cplx()
	case kFloat32, kFloat64:
		return x.float() == y.float()
	case kPointer, kUnsafePointer, kChan, kMap, kFunc:
		return refEqual(x.r, y.r)
	case kSlice: // only comparison with nil is legal
		return isNilRef(x.r) == isNilRef(y.r)
	case kInterface:
		return ifaceEqual(x, y)
	case kStruct:
		a, b := x.agg(), y.agg()
		for i, f := range rt.fields {
			if !equal(f, a[i], b[i]) {
				return false
			}
		}
		return true
	case kArray:
		a, b := x.agg(), y.agg()
		for i := range a {
			if !equal(rt.elem, a[i], b[i]) {
				return false
			}
		}
		return true
	case kNative:
		return x.r.(reflect.Value).Equal(y.r.(reflect.Value))
	case kModel:
		return x.r == y.r
	}
	return x.n == y.n
}

// refEqual compares the reference parts of two pointer-like values.
func refEqual(a, b any) bool {
	if a == nil || b == nil {
		return isNilRef(a) && isNilRef(b)
	}
	ra, aok := a.(reflect.Value)
	rb, bok := b.(reflect.Value)
	if aok || bok {
		if aok && bok {
			return ra.Pointer() == rb.Pointer()
		}
		return false
	}
	return a == b
}

func isNilRef(a any) bool {
	switch x := a.(type) {
	case nil:
		return true
	case *value:
		return x == nil
	case reflect.Value:
		return !x.IsValid() || x.IsNil()
	case *mapV:
		return x == nil
	case *chanV:
		return x == nil
	case *closure:
		return x == nil
	case []value:
		return x == nil
	}
	return false
}

func ifaceEqual(x, y value) bool {
	a, _ := x.r.(*iface)
	b, _ := y.r.(*iface)
	if a == nil || b == nil {
		return a == b
	}
	if a.t != b.t {
		return false
	}
	if !a.t.comparable() {
		throwPanic(runtimeErr("comparing uncomparable type " + a.t.name))
	}
	return equal(a.t, a.v, b.v)
}

// constValue converts an SSA constant to a value of its type.
func (p *Program) constValue(c *ssa.Const) value {
	rt := p.rtypeOf(c.Type())
	if c.Value == nil {
		return rt.zero()
	}
	return constOf(rt, c.Value)
}

func constOf(rt *rtype, v constant.Value) value {
	switch {
	case rt.kind == kBool:
		return boolVal(constant.BoolVal(v))
	case rt.kind.isInt():
		if rt.kind.isSigned() {
			i, _ := constant.Int64Val(constant.ToInt(v))
			return value{n: uint64(i)}
		}
		u, _ := constant.Uint64Val(constant.ToInt(v))
		return value{n: u}
	case rt.kind.isFloat():
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return f64Val(roundFloat(rt.kind, f))
	case rt.kind.isComplex():
		re, _ := constant.Float64Val(constant.ToFloat(constant.Real(v)))
		im, _ := constant.Float64Val(constant.ToFloat(constant.Imag(v)))
		return value{r: roundComplex(rt.kind, complex(re, im))}
	case rt.kind == kString:
		return strVal(constant.StringVal(v))
	case rt.kind == kInterface:
		// A constant of interface type is a typed constant boxed: only nil here.
		return value{}
	case rt.kind == kUnsafePointer:
		// unsafe.Pointer(uintptr(c)): an address, see constAddr.
		if u, _ := constant.Uint64Val(constant.ToInt(v)); u != 0 {
			return value{r: constAddr(u)}
		}
		return value{}
	}
	panic("internal error: constant " + v.String() + " of type " + rt.name)
}

// convert implements a conversion between non-interface types (ssa.Convert).
func convert(from, to *rtype, v value) value {
	fk, tk := from.kind, to.kind
	switch {
	case fk.isInt() && tk.isInt():
		return value{n: norm(tk, v.n)}
	case fk.isInt() && tk.isFloat():
		var f float64
		if fk.isSigned() {
			f = float64(int64(v.n))
		} else {
			f = float64(v.n)
		}
		return f64Val(roundFloat(tk, f))
	case fk.isFloat() && tk.isInt():
		return value{n: floatToInt(tk, v.float())}
	case fk.isFloat() && tk.isFloat():
		return f64Val(roundFloat(tk, v.float()))
	case fk.isComplex() && tk.isComplex():
		return value{r: roundComplex(tk, v.cplx())}
	case fk.isInt() && tk == kString:
		r := rune(0xFFFD)
		if fk.isSigned() {
			if i := int64(v.n); i >= 0 && i <= math.MaxInt32 {
				r = rune(i)
			}
		} else if v.n <= math.MaxInt32 {
			r = rune(v.n)
		}
		return strVal(string(r))
	case fk == kString && tk == kSlice:
		s := v.str()
		if to.elem.kind == kUint8 {
			b := make([]value, len(s))
			for i := 0; i < len(s); i++ {
				b[i].n = uint64(s[i])
			}
			return value{r: b}
		}
		rs := []rune(s)
		out := make([]value, len(rs))
		for i, r := range rs {
			out[i].n = uint64(int64(r))
		}
		return value{r: out}
	case fk == kSlice && tk == kString:
		s := v.slice()
		var b strings.Builder
		if from.elem.kind == kUint8 {
			b.Grow(len(s))
			for _, c := range s {
				b.WriteByte(byte(c.n))
			}
		} else {
			for _, c := range s {
				b.WriteRune(rune(int32(c.n)))
			}
		}
		return strVal(b.String())
	case fk == kString && tk == kString:
		return v
	case (fk == kPointer || fk == kUnsafePointer) && (tk == kPointer || tk == kUnsafePointer):
		return v
	case fk == kUnsafePointer && tk == kUintptr, fk == kPointer && tk == kUintptr:
		// Addresses are not observable; give a stable non-zero token.
		if isNilRef(v.r) {
			return value{}
		}
		return value{n: 0xc000010000}
	}
	panic("internal error: unsupported conversion from " + from.name + " to " + to.name)
}

// floatToInt converts as the amd64 Go compiler does (implementation-defined
// for out-of-range values).
func floatToInt(k rkind, f float64) uint64 {
	switch k {
	case kInt8:
		return uint64(int64(int8(int64(f))))
	case kInt16:
		return uint64(int64(int16(int64(f))))
	case kInt32:
		return uint64(int64(int32(int64(f))))
	case kInt, kInt64:
		return uint64(int64(f))
	case kUint8:
		return uint64(uint8(int64(f)))
	case kUint16:
		return uint64(uint16(int64(f)))
	case kUint32:
		return uint64(uint32(int64(f)))
	}
	return uint64(f)
}
