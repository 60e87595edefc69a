package ssainterp

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Frozen globals: the package variables whose memory no instruction
// writes once their package is initialised, such as the tables of bytes
// and unicode/utf8 ([256]uint8) or a constant-like string. The state hash
// (fingerprint.go) leaves their contents out: they are the same in every
// state of every execution, and walking their words at every step of a
// stateful search cost as much as the program's own state.
//
// A global is frozen when its type holds no reference but strings
// (booleans, numbers, strings, and arrays and structs of them: nothing
// reachable from it but its own words, and a string is immutable), and
// every instruction that uses it, in any function of the program, only
// loads from it, directly or through the addresses of its fields and
// elements; those of its package's initialisation (an init function or a
// function literal inside one) may also store there. Any other use (its
// address stored, passed, converted or sliced) leaves it unfrozen, for
// memory written through an address that went elsewhere would escape
// this reasoning. Functions that run natively never see interpreted
// globals but through such addresses.

// frozenGlobals returns, by global index, whether each global is frozen.
// It is computed once per program, on the first state hash.
func (p *Program) frozenGlobals() []bool {
	p.frozenOnce.Do(func() {
		frozen := make([]bool, len(p.globalList))
		for i, g := range p.globalList {
			frozen[i] = plainData(g.Type().(*types.Pointer).Elem())
		}
		var ops []*ssa.Value
		for fn := range ssautil.AllFunctions(p.ssa) {
			init := inInit(fn)
			for _, b := range fn.Blocks {
				for _, ins := range b.Instrs {
					ops = ins.Operands(ops[:0])
					for _, op := range ops {
						g, ok := (*op).(*ssa.Global)
						if !ok {
							continue
						}
						if k, ok := p.globalIndex[g]; ok && frozen[k] && !readsOnly(ins, g, init) {
							frozen[k] = false
						}
					}
				}
			}
		}
		p.frozen = frozen
	})
	return p.frozen
}

// plainData reports whether t holds no reference but strings.
func plainData(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Array:
		return plainData(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if !plainData(u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// inInit reports whether fn runs only as part of its package's
// initialisation: an init function, or a function literal in one.
func inInit(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Pkg != nil && fn.Signature.Recv() == nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#"))
}

// readsOnly reports whether ins uses the address addr only to load from
// it, or to store into it when init holds: directly, or through the
// addresses of fields and elements it makes.
func readsOnly(ins ssa.Instruction, addr ssa.Value, init bool) bool {
	switch ins := ins.(type) {
	case *ssa.UnOp:
		return ins.Op == token.MUL
	case *ssa.Store:
		return init && ins.Addr == addr && ins.Val != addr
	case *ssa.FieldAddr, *ssa.IndexAddr:
		if ins, ok := ins.(*ssa.IndexAddr); ok && ins.Index == addr {
			return false
		}
		v := ins.(ssa.Value)
		for _, r := range *v.Referrers() {
			if !readsOnly(r, v, init) {
				return false
			}
		}
		return true
	case *ssa.DebugRef:
		return true
	}
	return false
}
