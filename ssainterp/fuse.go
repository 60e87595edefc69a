package ssainterp

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Fused address-and-access ops: a load or store through the address a
// FieldAddr or slice IndexAddr computed right before it, for that access
// alone (p.f = v, x := s[i]), runs as one op. The address op has none of
// its own; its register is written only on the slow path, where the fused
// op runs the two unfused ops in turn (native pointers, nil, out of range:
// they raise the panics). Re-running the fused op after a scheduling stop
// recomputes the address, which has no effect of its own.

// fusableAccess reports whether acc, the instruction right after addr in
// its block, is the only user of addr and a non-aggregate load or store
// through it that fuses with it.
func (c *compiler) fusableAccess(addr, acc ssa.Instruction) bool {
	a, ok := addr.(ssa.Value)
	if !ok || c.virtual[a] || c.views[a] != nil || c.bviews[a] != nil || len(*a.Referrers()) != 1 || (*a.Referrers())[0] != acc {
		return false
	}
	switch a := a.(type) {
	case *ssa.FieldAddr:
		if c.rt(deref(a.X.Type())).kind == kNative {
			return false
		}
	case *ssa.IndexAddr:
		if _, isSlice := a.X.Type().Underlying().(*types.Slice); !isSlice {
			return false
		}
	default:
		return false
	}
	var t types.Type
	switch acc := acc.(type) {
	case *ssa.UnOp:
		if acc.Op != token.MUL || acc.CommaOk {
			return false
		}
		t = acc.Type()
	case *ssa.Store:
		if acc.Val == a {
			return false
		}
		t = acc.Val.Type()
	default:
		return false
	}
	return !isAggregate(c.rt(t))
}

// fusedAccess compiles acc together with the address op before it. The
// four shapes are spelled out: a closure call for the cell, or for the
// access, costs most of what fusing saves.
func (c *compiler) fusedAccess(addr, acc ssa.Instruction) op {
	cur := c.cur
	c.cur = addr
	addrOp := c.instr(addr)
	c.cur = cur
	var x, i, f int // the address's operand registers
	field := false
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		x, f, field = c.slot(a.X), a.Field, true
	case *ssa.IndexAddr:
		x, i = c.slot(a.X), c.slot(a.Index)
	}
	switch acc := acc.(type) {
	case *ssa.UnOp:
		slow := c.unop(acc)
		track := !localAddr(acc.X)
		d := c.slots[acc]
		c.setInst(acc, accessInst(field, iLoadField, iLoadIndex, track, x, i, f, d))
		if field {
			return func(fr *frame) *frame {
				if p, ok := fr.regs[x].r.(*value); ok && p != nil {
					a, ok := p.r.(agg)
					if !ok {
						return slow(addrOp(fr))
					}
					p = &a[f]
					if stops(fr, track, p, false) {
						fr.pc--
						return nil
					}
					fr.regs[d] = *p
					return fr
				}
				return slow(addrOp(fr))
			}
		}
		return func(fr *frame) *frame {
			s, _ := fr.regs[x].r.([]value)
			if n := fr.regs[i].n; n < uint64(len(s)) {
				p := &s[n]
				if stops(fr, track, p, false) {
					fr.pc--
					return nil
				}
				fr.regs[d] = *p
				return fr
			}
			return slow(addrOp(fr))
		}
	case *ssa.Store:
		slow := c.store(acc)
		track := !localAddr(acc.Addr)
		v := c.slot(acc.Val)
		c.setInst(acc, accessInst(field, iStoreField, iStoreIndex, track, x, i, f, v))
		if field {
			return func(fr *frame) *frame {
				if p, ok := fr.regs[x].r.(*value); ok && p != nil {
					a, ok := p.r.(agg)
					if !ok {
						return slow(addrOp(fr))
					}
					p = &a[f]
					if stops(fr, track, p, true) {
						fr.pc--
						return nil
					}
					*p = fr.regs[v]
					return fr
				}
				return slow(addrOp(fr))
			}
		}
		return func(fr *frame) *frame {
			s, _ := fr.regs[x].r.([]value)
			if n := fr.regs[i].n; n < uint64(len(s)) {
				p := &s[n]
				if stops(fr, track, p, true) {
					fr.pc--
					return nil
				}
				*p = fr.regs[v]
				return fr
			}
			return slow(addrOp(fr))
		}
	}
	panic("fusedAccess: not a load or store")
}

// accessInst is the plain form of a fused access: of field f of the
// struct x points to, or of element i of slice x; d is the register
// loaded or stored.
func accessInst(field bool, kField, kIndex instKind, track bool, x, i, f, d int) inst {
	if field {
		return inst{k: kField, track: track, a: int32(x), b: int32(f), d: int32(d)}
	}
	return inst{k: kIndex, track: track, a: int32(x), b: int32(i), d: int32(d)}
}

// stops reports whether the access to p (tracked: it may be shared) is a
// scheduling point the goroutine must stop before (see memAccess).
func stops(fr *frame, track bool, p *value, write bool) bool {
	return track && fr.g.m.watch && fr.g.m.memAccess(fr, p, write)
}
