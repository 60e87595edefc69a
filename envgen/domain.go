package envgen

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// The values of domains are built in each execution by the interpreter's
// harness (ssainterp.Harness), which defines how a value is described
// (ssainterp.Arg); which values a parameter takes is envgen's.

// Kind is the kind of a domain value.
type Kind = ssainterp.ArgKind

const (
	Const      = ssainterp.ArgConst      // a constant of a basic type (Value.Const)
	Nil        = ssainterp.ArgNil        // nil: a pointer, slice, map or interface
	Zero       = ssainterp.ArgZero       // the zero value of a struct or array
	New        = ssainterp.ArgNew        // a pointer to a new zero value
	Slice      = ssainterp.ArgSlice      // a slice of Value.Elems
	Map        = ssainterp.ArgMap        // a map of Value.Elems, key and value alternately
	Nop        = ssainterp.ArgNop        // a function that does nothing and returns zero values
	FuncResult = ssainterp.ArgFuncResult // the result of Value.Func, a function without parameters ("context.Background")
	User       = ssainterp.ArgUser       // the user's value number Value.Index (mcheck.Values)
)

// Value is one value of a domain.
type Value = ssainterp.Arg

// Domain is the values a parameter of type Type takes.
type Domain struct {
	Type   types.Type
	Values []Value
}

// ArgValues returns the values of args (indexes into the domains ds, one per
// parameter) that a call passes.
func ArgValues(ds []Domain, args []int) []Value {
	vs := make([]Value, len(args))
	for i, a := range args {
		vs[i] = ds[i].Values[a]
	}
	return vs
}

// domainFor returns the built-in domain of t, or the user's values of
// type t (assignable to it, for an interface) when there are some.
func domainFor(t types.Type, user []UserValue) Domain {
	d := Domain{Type: t}
	for i, u := range user {
		if types.Identical(u.Type, t) || types.IsInterface(t) && types.AssignableTo(u.Type, t) {
			d.Values = append(d.Values, Value{Kind: User, Index: i})
		}
	}
	if len(d.Values) == 0 {
		d.Values = builtin(t, 0)
	}
	return d
}

// builtin is the built-in domain of t: a few values around zero and the
// boundaries for numbers, two short strings and the empty one, nil and
// non-nil pointers, small slices and maps, functions that do nothing,
// a background context. It is empty for types without one (channels,
// most interfaces, unsafe pointers).
func builtin(t types.Type, depth int) []Value {
	if depth > 2 {
		return nil
	}
	if named, ok := types.Unalias(t).(*types.Named); ok {
		if o := named.Obj(); o.Pkg() != nil && o.Pkg().Path() == "context" && o.Name() == "Context" {
			return []Value{{Kind: FuncResult, Func: [2]string{"context", "Background"}}}
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return basicDomain(u)
	case *types.Pointer:
		return []Value{{Kind: Nil}, {Kind: New}}
	case *types.Slice:
		el := builtin(u.Elem(), depth+1)
		vs := []Value{{Kind: Nil}}
		if len(el) > 1 {
			vs = append(vs, Value{Kind: Slice, Elems: el[1:2]}, Value{Kind: Slice, Elems: el[:2]})
		}
		return vs
	case *types.Map:
		k, v := builtin(u.Key(), depth+1), builtin(u.Elem(), depth+1)
		vs := []Value{{Kind: Nil}}
		if len(k) > 1 && len(v) > 1 {
			vs = append(vs, Value{Kind: Map, Elems: []Value{k[1], v[1]}})
		}
		return vs
	case *types.Struct, *types.Array:
		return []Value{{Kind: Zero}}
	case *types.Signature:
		return []Value{{Kind: Nop}}
	case *types.Interface:
		if isError(t) {
			return []Value{{Kind: Nil}}
		}
		if u.Empty() {
			return []Value{{Kind: Nil}, {Kind: Const, Const: constant.MakeInt64(1)}, {Kind: Const, Const: constant.MakeString("a")}}
		}
	}
	return nil
}

func basicDomain(b *types.Basic) []Value {
	c := func(vs ...constant.Value) []Value {
		out := make([]Value, len(vs))
		for i, v := range vs {
			out[i] = Value{Kind: Const, Const: v}
		}
		return out
	}
	i := constant.MakeInt64
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		return c(constant.MakeBool(false), constant.MakeBool(true))
	case info&types.IsString != 0:
		return c(constant.MakeString(""), constant.MakeString("a"), constant.MakeString("b"))
	case info&types.IsUnsigned != 0:
		if b.Kind() == types.Uintptr {
			return c(i(0), i(1))
		}
		return c(i(0), i(1), constant.MakeUint64(maxUint(b)))
	case info&types.IsInteger != 0:
		lo, hi := intRange(b)
		return c(i(0), i(1), i(-1), i(hi), i(lo))
	case info&types.IsFloat != 0:
		return c(constant.MakeFloat64(0), constant.MakeFloat64(1), constant.MakeFloat64(-1.5))
	case info&types.IsComplex != 0:
		return c(constant.MakeInt64(0), constant.BinaryOp(constant.MakeInt64(1), token.ADD, constant.MakeImag(constant.MakeInt64(1))))
	}
	return nil
}

func sizeOf(b *types.Basic) int64 {
	return types.SizesFor("gc", "amd64").Sizeof(b) * 8
}

func intRange(b *types.Basic) (lo, hi int64) {
	bits := sizeOf(b)
	if bits == 64 {
		return math.MinInt64, math.MaxInt64
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

func maxUint(b *types.Basic) uint64 {
	bits := sizeOf(b)
	if bits == 64 {
		return math.MaxUint64
	}
	return 1<<bits - 1
}

// Spelling values as Go source, for reports and generated tests.

// Printer spells values and types relative to a package, collecting
// the imports the spelling needs.
type Printer struct {
	Pkg     *types.Package
	User    []UserValue
	Imports map[string]bool
}

func (p *Printer) qual(pkg *types.Package) string {
	if pkg == p.Pkg {
		return ""
	}
	if p.Imports != nil {
		p.Imports[pkg.Path()] = true
	}
	return pkg.Name()
}

// Type spells t.
func (p *Printer) Type(t types.Type) string { return types.TypeString(t, p.qual) }

// Value spells v, a value of type t, as a Go expression assignable to t.
func (p *Printer) Value(v Value, t types.Type) string {
	switch v.Kind {
	case Const:
		return p.constant(v.Const, t)
	case Nil:
		return "nil"
	case Zero:
		return p.Type(t) + "{}"
	case New:
		return "new(" + p.Type(derefType(t.Underlying())) + ")"
	case Slice:
		el := t.Underlying().(*types.Slice).Elem()
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = p.Value(e, el)
		}
		return p.Type(t) + "{" + strings.Join(parts, ", ") + "}"
	case Map:
		mt := t.Underlying().(*types.Map)
		var parts []string
		for i := 0; i+1 < len(v.Elems); i += 2 {
			parts = append(parts, p.Value(v.Elems[i], mt.Key())+": "+p.Value(v.Elems[i+1], mt.Elem()))
		}
		return p.Type(t) + "{" + strings.Join(parts, ", ") + "}"
	case Nop:
		return p.nop(t.Underlying().(*types.Signature))
	case FuncResult:
		if v.Func[0] != "" && (p.Pkg == nil || v.Func[0] != p.Pkg.Path()) {
			if p.Imports != nil {
				p.Imports[v.Func[0]] = true
			}
			return v.Func[0][strings.LastIndex(v.Func[0], "/")+1:] + "." + v.Func[1] + "()"
		}
		return v.Func[1] + "()"
	case User:
		if v.Index < len(p.User) {
			return p.User[v.Index].Src
		}
		return fmt.Sprintf("values[%d]", v.Index)
	}
	return "?"
}

// constant spells c; boundaries of numeric types by name.
func (p *Printer) constant(c constant.Value, t types.Type) string {
	b, _ := t.Underlying().(*types.Basic)
	if b != nil && b.Info()&types.IsInteger != 0 && c.Kind() == constant.Int {
		name := strings.ToUpper(b.Name()[:1]) + b.Name()[1:] // math.MaxInt64
		lo, hi := intRange(b)
		if b.Info()&types.IsUnsigned != 0 {
			if u, ok := constant.Uint64Val(c); ok && u == maxUint(b) && b.Kind() != types.Uintptr {
				return p.math("Max" + name)
			}
		} else if n, ok := constant.Int64Val(c); ok && (n == hi || n == lo) {
			if n == hi {
				return p.math("Max" + name)
			}
			return p.math("Min" + name)
		}
	}
	if c.Kind() == constant.Float {
		f, _ := constant.Float64Val(c)
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return c.ExactString()
}

func (p *Printer) math(name string) string {
	if p.Imports != nil {
		p.Imports["math"] = true
	}
	return "math." + name
}

// nop spells a function literal of signature sig that does nothing.
func (p *Printer) nop(sig *types.Signature) string {
	var b strings.Builder
	b.WriteString("func(")
	for i := range sig.Params().Len() {
		if i > 0 {
			b.WriteString(", ")
		}
		pt := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			b.WriteString("..." + p.Type(pt.(*types.Slice).Elem()))
		} else {
			b.WriteString(p.Type(pt))
		}
	}
	b.WriteString(")")
	res := sig.Results()
	if res.Len() == 0 {
		return b.String() + " {}"
	}
	var rs, zs []string
	for i := range res.Len() {
		rs = append(rs, p.Type(res.At(i).Type()))
		zs = append(zs, p.zero(res.At(i).Type()))
	}
	if res.Len() == 1 {
		b.WriteString(" " + rs[0])
	} else {
		b.WriteString(" (" + strings.Join(rs, ", ") + ")")
	}
	return b.String() + " { return " + strings.Join(zs, ", ") + " }"
}

// zero spells the zero value of t.
func (p *Printer) zero(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
		return "0"
	case *types.Struct, *types.Array:
		return p.Type(t) + "{}"
	}
	return "nil"
}
