package ssainterp

import "golang.org/x/tools/go/ssa"

// The dispatch loop. Every op is a closure (op), and a loop that calls
// the op at fr.pc runs any code. The ops that loops spend their time in
// (integer arithmetic on registers, compare-and-branch, jumps with
// their φ moves, a fused element or field load or store) also have a
// plain form, an inst, that dispatch runs in a switch without a call:
// the frame's registers and pc stay in the loop's locals, as in a
// switch-threaded interpreter, instead of being loaded and stored by
// each op behind an indirect call. An inst does what its op does on
// the op's common path; on any other path (an access the race detector
// watches, an index out of range, a nil pointer, a type that is not the
// common one) its case calls the op, which does the rest, panics and
// scheduling points included. So fr.pc is exact whenever an op runs or
// control leaves the loop. (TestInterpSpeed's dispatchFloor shows what
// such dispatch alone costs: docs/interp-speed.md.)

// instKind is what an inst does; iOp calls the op.
type instKind uint8

const (
	iOp instKind = iota

	// regs[d].n = regs[a].n op imm (intImmediateOp, 64-bit).
	iAddImm
	iSubImm
	iMulImm
	iAndImm
	iRemImm  // signed %, imm != 0
	iRemImmU // unsigned %, imm != 0
	// regs[d].n = regs[a].n op regs[b].n (intArithOp, 64-bit).
	iAdd
	iSub
	iMul
	iAnd
	iOr

	// Jumps: to t, or to t if the condition holds and to f if not
	// (fusedIf, or an If on a boolean register).
	iJump
	iIf      // regs[a].n != 0
	iIfEq    // regs[a].n == regs[b].n
	iIfNe    // regs[a].n != regs[b].n
	iIfLt    // signed <
	iIfLe    // signed <=
	iIfGt    // signed >
	iIfGe    // signed >=
	iIfLtU   // unsigned <
	iIfLeU   // unsigned <=
	iIfGtU   // unsigned >
	iIfGeU   // unsigned >=
	iIfLtImm // int64(regs[a].n) < int64(imm)
	iIfEqImm // regs[a].n == imm

	// Fused accesses (fusedAccess): regs[a] is the slice and regs[b]
	// the index, or regs[a] the pointer to a struct's cell and b the
	// field; d is the register loaded, or stored.
	iLoadIndex
	iStoreIndex
	iLoadField
	iStoreField
)

// inst is the plain form of an op (see iOp).
type inst struct {
	k instKind
	// track: an access to memory that may be shared, a scheduling
	// point while the machine watches memory (stops).
	track   bool
	a, b, d int32
	imm     uint64
	t, f    *jump
}

// jump is an edge's plain form: its φ moves (at most two, in parallel),
// its target and whether it counts a step (Machine.tick).
type jump struct {
	target         int32
	counted        bool
	scalar         bool // the φs are booleans, integers or floats: only n moves
	n              uint8
	d0, s0, d1, s1 int32
}

// setInst gives the op compiled for ins its plain form. The constructor
// of ins's own op calls it; emit keeps an inst only if it is for the
// instruction whose op it emits (not for one compiled inside another's).
func (c *compiler) setInst(ins ssa.Instruction, in inst) {
	c.inst, c.instFor = in, ins
}

// dispatch runs frames from fr on until an op returns nil (the
// goroutine stopped, blocked, finished or faulted).
func (m *Machine) dispatch(fr *frame) {
	for fr != nil {
		code, regs := fr.code, fr.regs
		var insts []inst
		if fr.fn != nil {
			insts = fr.fn.insts
		}
		if len(insts) != len(code) { // synthetic code: no plain forms
			c := code[fr.pc]
			fr.pc++
			fr = c(fr)
			continue
		}
		pc := int(fr.pc)
		for {
			in := &insts[pc]
			var j *jump
			switch in.k {
			case iAddImm:
				regs[in.d].n = regs[in.a].n + in.imm
				pc++
				continue
			case iSubImm:
				regs[in.d].n = regs[in.a].n - in.imm
				pc++
				continue
			case iMulImm:
				regs[in.d].n = regs[in.a].n * in.imm
				pc++
				continue
			case iAndImm:
				regs[in.d].n = regs[in.a].n & in.imm
				pc++
				continue
			case iRemImm:
				regs[in.d].n = uint64(int64(regs[in.a].n) % int64(in.imm))
				pc++
				continue
			case iRemImmU:
				regs[in.d].n = regs[in.a].n % in.imm
				pc++
				continue
			case iAdd:
				regs[in.d].n = regs[in.a].n + regs[in.b].n
				pc++
				continue
			case iSub:
				regs[in.d].n = regs[in.a].n - regs[in.b].n
				pc++
				continue
			case iMul:
				regs[in.d].n = regs[in.a].n * regs[in.b].n
				pc++
				continue
			case iAnd:
				regs[in.d].n = regs[in.a].n & regs[in.b].n
				pc++
				continue
			case iOr:
				regs[in.d].n = regs[in.a].n | regs[in.b].n
				pc++
				continue
			case iJump:
				j = in.t
			case iIf:
				j = pick(regs[in.a].n != 0, in)
			case iIfEq:
				j = pick(regs[in.a].n == regs[in.b].n, in)
			case iIfNe:
				j = pick(regs[in.a].n != regs[in.b].n, in)
			case iIfLt:
				j = pick(int64(regs[in.a].n) < int64(regs[in.b].n), in)
			case iIfLe:
				j = pick(int64(regs[in.a].n) <= int64(regs[in.b].n), in)
			case iIfGt:
				j = pick(int64(regs[in.a].n) > int64(regs[in.b].n), in)
			case iIfGe:
				j = pick(int64(regs[in.a].n) >= int64(regs[in.b].n), in)
			case iIfLtU:
				j = pick(regs[in.a].n < regs[in.b].n, in)
			case iIfLeU:
				j = pick(regs[in.a].n <= regs[in.b].n, in)
			case iIfGtU:
				j = pick(regs[in.a].n > regs[in.b].n, in)
			case iIfGeU:
				j = pick(regs[in.a].n >= regs[in.b].n, in)
			case iIfLtImm:
				j = pick(int64(regs[in.a].n) < int64(in.imm), in)
			case iIfEqImm:
				j = pick(regs[in.a].n == in.imm, in)
			case iLoadIndex:
				if !in.track || !m.watch {
					if s, ok := regs[in.a].r.([]value); ok {
						if n := regs[in.b].n; n < uint64(len(s)) {
							regs[in.d] = s[n]
							pc++
							continue
						}
					}
				}
				goto call
			case iStoreIndex:
				if !in.track || !m.watch {
					if s, ok := regs[in.a].r.([]value); ok {
						if n := regs[in.b].n; n < uint64(len(s)) {
							s[n] = regs[in.d]
							pc++
							continue
						}
					}
				}
				goto call
			case iLoadField:
				if !in.track || !m.watch {
					if p, ok := regs[in.a].r.(*value); ok && p != nil {
						if a, ok := p.r.(agg); ok {
							regs[in.d] = a[in.b]
							pc++
							continue
						}
					}
				}
				goto call
			case iStoreField:
				if !in.track || !m.watch {
					if p, ok := regs[in.a].r.(*value); ok && p != nil {
						if a, ok := p.r.(agg); ok {
							a[in.b] = regs[in.d]
							pc++
							continue
						}
					}
				}
				goto call
			default:
				goto call
			}
			// The jump j: its φ moves, then its target.
			switch {
			case j.n == 0:
			case j.scalar && j.n == 1:
				regs[j.d0].n = regs[j.s0].n
			case j.scalar:
				x, y := regs[j.s0].n, regs[j.s1].n
				regs[j.d0].n, regs[j.d1].n = x, y
			case j.n == 1:
				regs[j.d0] = regs[j.s0]
			default:
				x, y := regs[j.s0], regs[j.s1]
				regs[j.d0], regs[j.d1] = x, y
			}
			pc = int(j.target)
			if j.counted {
				fr.pc = pc
				if m.tick(fr) == nil {
					return
				}
			}
			continue
		call: // the op at pc
			fr.pc = pc + 1
			if next := code[pc](fr); next != fr {
				fr = next
				break
			}
			pc = fr.pc
		}
	}
}

// pick is the edge a conditional jump takes.
func pick(cond bool, in *inst) *jump {
	if cond {
		return in.t
	}
	return in.f
}
