package ssainterp

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// unevaluatedRanges returns the instructions of the function being
// compiled that evaluate a range expression Go does not evaluate: in
// "for i := range x" over an array, len(x) is constant unless x holds a
// call or a receive, and then x is not evaluated (the Go spec, For
// statements with range clause), so "for i := range p.arr" with a nil p
// does not panic. go/ssa loads the array all the same (an unused load
// of &p.arr); run, the load and the address before it would raise a nil
// dereference, or an index out of range, that the program does not
// have. They get no op: the unused load of the array, and the field and
// element addresses and pointer loads it is computed from that nothing
// else uses.
//
// "_ = p.arr" compiles to the same instructions and does panic, so only
// loads inside the range expression of such a loop are dropped, found
// by position in the function's syntax.
func (c *compiler) unevaluatedRanges() []ssa.Instruction {
	syn := c.f.ssa.Syntax()
	if syn == nil {
		return nil
	}
	type span struct{ from, to token.Pos }
	var spans []span
	ast.Inspect(syn, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok && r.Value == nil {
			spans = append(spans, span{r.X.Pos(), r.X.End()})
		}
		return true
	})
	if len(spans) == 0 {
		return nil
	}
	in := func(p token.Pos) int {
		for i, s := range spans {
			if s.from <= p && p < s.to {
				return i
			}
		}
		return -1
	}
	// A range expression with a call or a receive is evaluated.
	evaluated := map[int]bool{}
	for _, b := range c.f.ssa.Blocks {
		for _, ins := range b.Instrs {
			switch x := ins.(type) {
			case *ssa.Call, *ssa.Select:
			case *ssa.UnOp:
				if x.Op != token.ARROW {
					continue
				}
			default:
				continue
			}
			if i := in(ins.Pos()); i >= 0 {
				evaluated[i] = true
			}
		}
	}
	var drop []ssa.Instruction
	dropped := map[ssa.Instruction]bool{}
	unused := func(v ssa.Value) bool {
		for _, r := range *v.Referrers() {
			if _, debug := r.(*ssa.DebugRef); !debug && !dropped[r] {
				return false
			}
		}
		return true
	}
	for _, b := range c.f.ssa.Blocks {
		for _, ins := range b.Instrs {
			u, ok := ins.(*ssa.UnOp)
			if !ok || u.Op != token.MUL || !unused(u) {
				continue
			}
			if _, isArray := u.Type().Underlying().(*types.Array); !isArray {
				continue
			}
			i := in(u.Pos())
			if i < 0 || evaluated[i] {
				continue
			}
			drop = append(drop, u)
			dropped[u] = true
			x := u.X
			for {
				var next ssa.Value
				switch a := x.(type) {
				case *ssa.FieldAddr:
					next = a.X
				case *ssa.IndexAddr:
					next = a.X
				case *ssa.UnOp:
					if a.Op != token.MUL {
						break
					}
					next = a.X
				}
				ai, isInstr := x.(ssa.Instruction)
				if next == nil || !isInstr || in(ai.Pos()) != i || !unused(x) {
					break
				}
				drop = append(drop, ai)
				dropped[ai] = true
				x = next
			}
		}
	}
	return drop
}
