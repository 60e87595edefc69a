package ssainterp

import (
	"math"
	"reflect"
)

// value is the representation of one interpreted Go value.
//
// Scalars (bool, every integer kind, uintptr, float32 and float64) live
// unboxed in n, so arithmetic on them never allocates: signed integers are
// stored sign-extended, unsigned ones zero-extended, floats as the bits of a
// float64 (float32 values are rounded to float32 precision after every
// operation), bools as 0 or 1.
//
// Everything else lives in r:
//
//	string            string
//	complex64/128     complex128
//	pointer           *value (nil for a nil pointer), or reflect.Value for a
//	                  pointer into native memory
//	unsafe.Pointer    as pointer
//	slice             []value (r == nil is the nil slice)
//	struct, array     agg: one value per field or element
//	map               *mapV (nil for a nil map)
//	chan              *chanV (nil for a nil channel)
//	func              *closure, or a native function as reflect.Value
//	interface         *iface (nil for a nil interface)
//	tuple             agg (results of a multi-value call)
//	native struct     reflect.Value, addressable, owned by the cell holding it
//
// Inv: the zero value of every type is value{} except for struct, array and
// native struct types, whose zero value is built by zero().
type value struct {
	n uint64
	r any
}

// agg holds the fields of a struct or the elements of an array (or the
// components of a tuple). Struct and array values have value semantics: they
// are copied by copyVal on every load, store and assignment.
type agg []value

// iface is a non-nil interface value: a dynamic type and a value of it.
type iface struct {
	t *rtype
	v value
}

// closure is a function value: compiled code plus bound free variables.
// For a bound method value (x.M), the receiver is bindings[0].
type closure struct {
	fn       *function
	bindings []value
}

// newClosure returns a closure of fn with n zero bindings, allocated
// with them when there are few (one allocation rather than two).
func newClosure(fn *function, n int) *closure {
	switch n {
	case 0:
		return &closure{fn: fn}
	case 1:
		c := &struct {
			closure
			b [1]value
		}{closure: closure{fn: fn}}
		c.bindings = c.b[:]
		return &c.closure
	case 2:
		c := &struct {
			closure
			b [2]value
		}{closure: closure{fn: fn}}
		c.bindings = c.b[:]
		return &c.closure
	case 3:
		c := &struct {
			closure
			b [3]value
		}{closure: closure{fn: fn}}
		c.bindings = c.b[:]
		return &c.closure
	}
	return &closure{fn: fn, bindings: make([]value, n)}
}

func boolVal(b bool) value {
	if b {
		return value{n: 1}
	}
	return value{}
}

func intVal(i int64) value     { return value{n: uint64(i)} }
func f64Val(f float64) value   { return value{n: math.Float64bits(f)} }
func strVal(s string) value    { return value{r: s} }
func (v value) int() int64     { return int64(v.n) }
func (v value) float() float64 { return math.Float64frombits(v.n) }
func (v value) bool() bool     { return v.n != 0 }

func (v value) str() string {
	if v.r == nil {
		return ""
	}
	return v.r.(string)
}

func (v value) cplx() complex128 {
	if v.r == nil {
		return 0
	}
	return v.r.(complex128)
}

func (v value) slice() []value {
	if v.r == nil {
		return nil
	}
	return v.r.([]value)
}

func (v value) agg() agg { return v.r.(agg) }

// copyVal returns a copy of v with Go's value semantics: aggregates are
// copied deeply (but not through pointers, slices or maps), and so are
// native struct values and modelled synchronisation objects.
func copyVal(v value) value {
	switch x := v.r.(type) {
	case agg:
		c := make(agg, len(x))
		for i := range x {
			c[i] = copyVal(x[i])
		}
		return value{r: c}
	case reflect.Value:
		if x.Kind() != reflect.Pointer && x.Kind() != reflect.Func && x.CanAddr() {
			c := reflect.New(x.Type()).Elem()
			c.Set(x)
			return value{r: c}
		}
	case copier:
		return value{n: v.n, r: x.copyState()}
	}
	return v
}

// copier is implemented by the state of modelled objects that live inside
// interpreted memory (sync.Mutex and friends): copying the memory copies the
// state, as copying the real struct would.
type copier interface {
	copyState() any
}
