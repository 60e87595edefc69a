package ssainterp

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"math"
	"reflect"
	"strconv"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Constant tables: a package variable initialised by a composite literal
// of thousands of basic literals (x/net/idna's and x/text's Unicode
// tables, internal/strconv's powers of ten) cost more to load than the
// rest of its package: the type checker records a type for each
// element, go/ssa builds a store for each into the package's init, and
// the interpreter compiles those stores, all before the first execution
// (a check of a package that imports net/http spent a fifth of its load
// on idna's tables). Such a literal is taken out of the syntax before
// type-checking (liftTables): the variable is declared of the literal's
// type instead, and its value is worked out from the literal once the
// package's types are known (tableValue) and given to a Machine as a
// //go:embed variable's is (lazyPreset: when a function that names it
// first runs, for a table of array or struct type). Only literals whose
// leaves are all basic literals are taken out: their value depends on
// nothing, so it is the same whenever the package's initialisation would
// have computed it, and no other initialiser can see the difference.
//
// A literal that tableValue cannot evaluate (an element of a pointer,
// map or interface type, a constant a type cannot represent) is put back
// and type-checked on its own (types.CheckExpr), with its initialiser
// first in the package's initialisation order, so that it builds as it
// would have, and the type checker words its errors.

// minTableLeaves is the number of basic literals from which a literal
// is a table.
const minTableLeaves = 64

// maxTableLen bounds the length of a table's slice.
const maxTableLen = 1 << 24

// table is one package variable whose literal was taken out.
type table struct {
	spec *ast.ValueSpec    // its declaration
	lit  *ast.CompositeLit // the literal taken out; nil once evaluated
	node *tnode            // its value, once evaluated

	g *ssa.Global // the variable

	once sync.Once
	rt   *rtype // the variable's type
	val  value  // node as a value of type rt, made by the first Machine
}

// tnode is a table's value, or one of its elements: a constant of the
// element's type, or the elements of an array or slice, or the fields of
// a struct (those not listed are zero).
type tnode struct {
	c     constant.Value
	elems []tentry
	len   int // a slice's length
}

type tentry struct {
	i int
	n *tnode
}

// liftTables takes the tables out of the package variable declarations
// of f.
func liftTables(f *ast.File) []*table {
	var out []*table
	for _, vs := range varSpecs(f) {
		if vs.Type != nil || len(vs.Names) != 1 || len(vs.Values) != 1 || vs.Names[0].Name == "_" {
			continue
		}
		lit, ok := vs.Values[0].(*ast.CompositeLit)
		if !ok || lit.Type == nil {
			continue
		}
		n, ok := leaves(lit)
		if !ok || n < minTableLeaves {
			continue
		}
		typ := lit.Type
		if at, ok := typ.(*ast.ArrayType); ok {
			if _, ok := at.Len.(*ast.Ellipsis); ok {
				length, ok := literalLen(lit)
				if !ok {
					continue
				}
				typ = &ast.ArrayType{Lbrack: at.Lbrack, Len: &ast.BasicLit{ValuePos: at.Lbrack, Kind: token.INT, Value: strconv.Itoa(length)}, Elt: at.Elt}
			}
		}
		vs.Type, vs.Values = typ, nil
		out = append(out, &table{spec: vs, lit: lit})
	}
	return out
}

// varSpecs yields the package variable declarations of f, with the
// declaration each is part of.
func varSpecs(f *ast.File) iter.Seq2[*ast.GenDecl, *ast.ValueSpec] {
	return func(yield func(*ast.GenDecl, *ast.ValueSpec) bool) {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, s := range gd.Specs {
					if !yield(gd, s.(*ast.ValueSpec)) {
						return
					}
				}
			}
		}
	}
}

// leaves counts the basic literals of lit, and reports whether they are
// all it holds (an element may be a composite literal of elided type).
func leaves(lit *ast.CompositeLit) (int, bool) {
	n := 0
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			switch k := kv.Key.(type) {
			case *ast.Ident: // a struct's field
			case *ast.BasicLit: // an index
				if k.Kind != token.INT {
					return 0, false
				}
			default:
				return 0, false
			}
			e = kv.Value
		}
		if c, ok := e.(*ast.CompositeLit); ok {
			if c.Type != nil {
				return 0, false
			}
			m, ok := leaves(c)
			if !ok {
				return 0, false
			}
			n += m
			continue
		}
		if basicConst(e) == nil {
			return 0, false
		}
		n++
	}
	return n, true
}

// basicConst returns the value of a basic literal, possibly signed, or
// nil.
func basicConst(e ast.Expr) constant.Value {
	signed, neg := false, false
	if u, ok := e.(*ast.UnaryExpr); ok && (u.Op == token.SUB || u.Op == token.ADD) {
		signed, neg, e = true, u.Op == token.SUB, u.X
	}
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind == token.IMAG || signed && b.Kind == token.STRING {
		return nil
	}
	c := constant.MakeFromLiteral(b.Value, b.Kind, 0)
	if c.Kind() == constant.Unknown {
		return nil
	}
	if neg {
		c = constant.UnaryOp(token.SUB, c, 0)
	}
	return c
}

// literalLen returns the length of the array literal [...]T{...} lit: one
// past its greatest index.
func literalLen(lit *ast.CompositeLit) (int, bool) {
	length := 0
	for i := range elementIndexes(lit) {
		if i < 0 {
			return 0, false
		}
		length = max(length, i+1)
	}
	return length, true
}

// elementIndexes yields the index of each element of the array or slice
// literal lit with its value, or -1 (and stops) for a key that is not a
// small non-negative integer literal.
func elementIndexes(lit *ast.CompositeLit) func(func(int, ast.Expr) bool) {
	return func(yield func(int, ast.Expr) bool) {
		i := 0
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				k, ok := kv.Key.(*ast.BasicLit)
				if !ok {
					yield(-1, nil)
					return
				}
				v, exact := constant.Int64Val(constant.MakeFromLiteral(k.Value, k.Kind, 0))
				if !exact || v < 0 || v >= maxTableLen {
					yield(-1, nil)
					return
				}
				i, e = int(v), kv.Value
			}
			if !yield(i, e) {
				return
			}
			i++
		}
	}
}

// tableValue returns the value of the literal element e of type t, in
// package pkg, or false if it is not one tableValue evaluates: an
// element of a pointer, map, interface or function type, a constant
// that t cannot represent, an index twice or out of range (the type
// checker words those errors).
func tableValue(t types.Type, e ast.Expr, pkg *types.Package, sizes types.Sizes) (*tnode, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		c := basicConst(e)
		if c == nil {
			return nil, false
		}
		c, ok := representable(c, u, sizes)
		return &tnode{c: c}, ok
	case *types.Array:
		return listValue(u.Elem(), e, u.Len(), pkg, sizes)
	case *types.Slice:
		n, ok := listValue(u.Elem(), e, maxTableLen, pkg, sizes)
		if ok {
			for _, x := range n.elems {
				n.len = max(n.len, x.i+1)
			}
		}
		return n, ok
	case *types.Struct:
		lit, ok := e.(*ast.CompositeLit)
		if !ok || len(lit.Elts) == 0 {
			return &tnode{}, ok
		}
		_, keyed := lit.Elts[0].(*ast.KeyValueExpr)
		if !keyed && len(lit.Elts) != u.NumFields() {
			return nil, false
		}
		n := &tnode{}
		seen := map[int]bool{}
		for k, el := range lit.Elts {
			kv, isKV := el.(*ast.KeyValueExpr)
			if isKV != keyed {
				return nil, false
			}
			i := k
			if keyed {
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					return nil, false
				}
				i = fieldIndex(u, id.Name)
				el = kv.Value
			}
			if i < 0 || seen[i] {
				return nil, false
			}
			seen[i] = true
			f := u.Field(i)
			if _, elided := el.(*ast.CompositeLit); elided || f.Name() == "_" || !f.Exported() && f.Pkg() != pkg {
				return nil, false // a field's literal must name its type
			}
			fn, ok := tableValue(f.Type(), el, pkg, sizes)
			if !ok {
				return nil, false
			}
			n.elems = append(n.elems, tentry{i, fn})
		}
		return n, true
	}
	return nil, false
}

// listValue is tableValue of an array or slice literal e of elements of
// type elem, at indexes below length.
func listValue(elem types.Type, e ast.Expr, length int64, pkg *types.Package, sizes types.Sizes) (*tnode, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if _, nested := elem.Underlying().(*types.Slice); !ok || nested {
		return nil, false // slices of slices are not evaluated
	}
	n := &tnode{}
	seen := map[int]bool{}
	for i, el := range elementIndexes(lit) {
		if i < 0 || int64(i) >= length || seen[i] {
			return nil, false
		}
		seen[i] = true
		en, ok := tableValue(elem, el, pkg, sizes)
		if !ok {
			return nil, false
		}
		n.elems = append(n.elems, tentry{i, en})
	}
	return n, true
}

// fieldIndex returns the index of s's field name, or -1.
func fieldIndex(s *types.Struct, name string) int {
	for i := range s.NumFields() {
		if s.Field(i).Name() == name {
			return i
		}
	}
	return -1
}

// representable returns c as a constant of the basic type t, and whether
// t represents it (as the type checker decides for an untyped constant
// assigned to t).
func representable(c constant.Value, t *types.Basic, sizes types.Sizes) (constant.Value, bool) {
	info := t.Info()
	switch {
	case info&types.IsInteger != 0:
		if c.Kind() == constant.String {
			return nil, false
		}
		c = constant.ToInt(c)
		if c.Kind() != constant.Int {
			return nil, false
		}
		bits := uint(8 * sizes.Sizeof(t))
		if info&types.IsUnsigned != 0 {
			v, exact := constant.Uint64Val(c)
			return c, exact && (bits == 64 || v < 1<<bits)
		}
		v, exact := constant.Int64Val(c)
		return c, exact && (bits == 64 || -1<<(bits-1) <= v && v < 1<<(bits-1))
	case info&types.IsFloat != 0:
		if c.Kind() != constant.Int && c.Kind() != constant.Float {
			return nil, false
		}
		c = constant.ToFloat(c)
		if t.Kind() == types.Float32 {
			f, _ := constant.Float32Val(c)
			return c, !math.IsInf(float64(f), 0)
		}
		f, _ := constant.Float64Val(c)
		return c, !math.IsInf(f, 0)
	case info&types.IsString != 0:
		return c, c.Kind() == constant.String
	}
	return nil, false
}

// evaluate works out tb's value in package pkg, once the package is
// type-checked; a literal it cannot evaluate goes back into the syntax,
// type-checked on its own into info, and its error (if any) is returned.
func (tb *table) evaluate(fset *token.FileSet, pkg *types.Package, info *types.Info, sizes types.Sizes) error {
	v, _ := pkg.Scope().Lookup(tb.spec.Names[0].Name).(*types.Var)
	if v != nil {
		if n, ok := tableValue(v.Type(), tb.lit, pkg, sizes); ok {
			tb.node, tb.lit = n, nil
			return nil
		}
	}
	tb.spec.Type, tb.spec.Values = nil, []ast.Expr{tb.lit}
	if err := types.CheckExpr(fset, pkg, tb.lit.Pos(), tb.lit, info); err != nil {
		return err
	}
	if v != nil {
		info.InitOrder = append([]*types.Initializer{{Lhs: []*types.Var{v}, Rhs: tb.lit}}, info.InitOrder...)
	}
	tb.lit = nil
	return nil
}

// lazyPreset returns the table that is g's value before initialisation
// if that value is made when a frame of a function that names g is made,
// as lazyZero's zero values are (a Machine does not copy the tables of
// packages its execution never reaches: x/net/idna's are 15,000 words):
// a table of array or struct type, never value{} once made. A table of
// slice type, which the program may set to nil, is made with the
// Machine.
func (p *Program) lazyPreset(g *ssa.Global) preset {
	tb, ok := p.preset[g].(*table)
	if !ok {
		return nil
	}
	if _, slice := deref(g.Type()).Underlying().(*types.Slice); slice {
		return nil
	}
	return tb
}

// value is the variable's initial value in a new Machine: a copy of the
// table's value, which the first Machine makes.
func (tb *table) value(p *Program) value {
	tb.once.Do(func() {
		tb.rt = p.rtypeOf(deref(tb.g.Type()))
		tb.val, tb.node = tb.node.value(tb.rt), nil
	})
	if tb.rt.kind != kSlice {
		v := tb.rt.zero()
		copyInto(v.agg(), tb.val.agg())
		return v
	}
	src := tb.val.slice()
	s := make([]value, len(src))
	e := tb.rt.elem
	if e.kind != kStruct && e.kind != kArray {
		copy(s, src)
		return value{r: s}
	}
	n := e.flatSize()
	buf := make([]value, len(s)*n)
	for i := range s {
		s[i] = e.zeroIn(buf[i*n : (i+1)*n : (i+1)*n])
		copyInto(s[i].agg(), src[i].agg())
	}
	return value{r: s}
}

// copyInto copies the table value src into dst, a zero value of its
// type.
func copyInto(dst, src agg) {
	for i, x := range src {
		switch y := x.r.(type) {
		case agg:
			copyInto(dst[i].agg(), y)
		case reflect.Value: // a native struct's zero value: dst has its own
		default:
			dst[i] = x
		}
	}
}

// value returns n as a value of type rt.
func (n *tnode) value(rt *rtype) value {
	switch {
	case n.c != nil:
		return constOf(rt, n.c)
	case rt.kind == kSlice:
		s := make([]value, n.len)
		for i := range s {
			s[i] = rt.elem.zero()
		}
		for _, e := range n.elems {
			s[e.i] = e.n.value(rt.elem)
		}
		return value{r: s}
	}
	v := rt.zero()
	a := v.agg()
	for _, e := range n.elems {
		if rt.kind == kStruct {
			a[e.i] = e.n.value(rt.fields[e.i])
		} else {
			a[e.i] = e.n.value(rt.elem)
		}
	}
	return v
}
