package detect

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// An ident names a lock, a condition variable, a channel or a shared
// variable by where it lives, not by which object it is: a field of a
// struct type ("(*Account).mu") or a package-level variable
// ("bank.mu"). Two instances of a type share their idents; that is the
// abstraction the paper's patterns make with the types t1 and t2.
type ident struct {
	Owner string // "(*T)" for a field of T, the package name for a global
	Name  string // the field or variable
}

func (id ident) String() string { return id.Owner + "." + id.Name }

// identOf returns the ident of the object v points to or holds: &x.f,
// x.f loaded from memory (a pointer, interface or channel field), or a
// package-level variable. It reports false for locals, parameters and
// anything else it cannot name.
func identOf(v ssa.Value, from *types.Package) (ident, bool) {
	for range 4 {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			return fieldIdent(x, from), true
		case *ssa.Global:
			return ident{x.Pkg.Pkg.Name(), x.Name()}, true
		case *ssa.UnOp:
			if x.Op.String() != "*" {
				return ident{}, false
			}
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return ident{}, false
		}
	}
	return ident{}, false
}

// fieldIdent names the field fa selects. A field of a struct held by
// value in another is named by its path from the outermost struct
// ("(*State).d1.mu" and "(*State).d2.mu" are two locks, not one
// "(*data).mu"); a path stops at a pointer, a slice or an array element,
// whose instances the ident does not tell apart.
func fieldIdent(fa *ssa.FieldAddr, from *types.Package) ident {
	name := fieldName(fa)
	for {
		outer, ok := fa.X.(*ssa.FieldAddr)
		if !ok {
			break
		}
		fa, name = outer, fieldName(outer)+"."+name
	}
	return ident{"(*" + types.TypeString(deref(fa.X.Type()), types.RelativeTo(from)) + ")", name}
}

func fieldName(fa *ssa.FieldAddr) string {
	if st, ok := deref(fa.X.Type()).Underlying().(*types.Struct); ok && fa.Field < st.NumFields() {
		return st.Field(fa.Field).Name()
	}
	return "?"
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isSyncType reports whether t (or what it points to) is a type of sync or
// sync/atomic: loads of such fields are not data accesses.
func isSyncType(t types.Type) bool {
	n, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return p == "sync" || p == "sync/atomic"
}

// calleeIs reports whether c statically calls the function pkg.name
// (recv == "") or the method name of the type pkg.recv (value or pointer
// receiver).
func calleeIs(c *ssa.CallCommon, pkg, recv, name string) bool {
	if c.IsInvoke() {
		return false
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Name() != name {
		return false
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != pkg {
		return false
	}
	sig := obj.Type().(*types.Signature)
	if recv == "" {
		return sig.Recv() == nil
	}
	if sig.Recv() == nil {
		return false
	}
	n, ok := types.Unalias(deref(sig.Recv().Type())).(*types.Named)
	return ok && n.Obj().Name() == recv
}
