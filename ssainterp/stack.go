package ssainterp

import "golang.org/x/tools/go/ssa"

// A Frame is one frame of a goroutine's stack as a strategy outside the
// interpreter sees it (the distance heuristics of package heuristics):
// the SSA function and the instruction the frame is at.
type Frame struct {
	Fn *ssa.Function
	// Instr is the instruction of Fn the frame is at: in the innermost
	// frame of a goroutine stopped before a visible operation, that
	// operation (a send, a receive, a call of a modelled sync function,
	// a load or store of shared memory); in a frame that has not run
	// yet, Fn's first instruction; in a caller, the call it waits in.
	// Nil where the frame is at code of its own the interpreter added
	// (running deferred calls).
	Instr ssa.Instruction
}

// Stack returns goroutine id's frames, outermost first and innermost
// last. Frames of code without SSA (the thunks of go and defer
// statements, the runtime's main) are left out, but a goroutine that has
// not started shows the function its go statement calls, at its first
// instruction. A finished goroutine has no frames.
func (m *Machine) Stack(id int) []Frame {
	g := m.gs[id-1]
	var fs []Frame
	for fr := g.top; fr != nil; fr = fr.caller {
		if fr.fn.ssa == nil {
			if fr == g.top && fr.pc == 0 {
				if fn := m.thunkCallee(fr); fn != nil && len(fn.Blocks) > 0 {
					fs = append(fs, Frame{Fn: fn, Instr: fn.Blocks[0].Instrs[0]})
				}
			}
			continue
		}
		i := fr.pc - 1 // a caller's pc is past its call
		if fr == g.top {
			// The innermost frame's pc is at its pending operation
			// (rewound to perform it when chosen), or at the next
			// instruction to run.
			i = fr.pc
		}
		var ins ssa.Instruction
		if i >= 0 && i < len(fr.fn.instr) {
			ins = fr.fn.instr[i]
		}
		fs = append(fs, Frame{Fn: fr.fn.ssa, Instr: ins})
	}
	for i, j := 0, len(fs)-1; i < j; i, j = i+1, j-1 {
		fs[i], fs[j] = fs[j], fs[i]
	}
	return fs
}

// thunkCallee is the function the thunk of a go statement in frame fr
// calls, found from the statement or, for a function value or an
// interface method, from the operand fr holds; nil if unknown.
func (m *Machine) thunkCallee(fr *frame) *ssa.Function {
	if len(fr.fn.instr) == 0 {
		return nil
	}
	var cc *ssa.CallCommon
	switch s := fr.fn.instr[0].(type) {
	case *ssa.Go:
		cc = s.Common()
	case *ssa.Defer:
		cc = s.Common()
	default:
		return nil
	}
	if fn := cc.StaticCallee(); fn != nil {
		return fn
	}
	if _, ok := cc.Value.(*ssa.Builtin); ok || len(fr.regs) == 0 {
		return nil
	}
	switch v := fr.regs[0].r.(type) {
	case *closure:
		return v.fn.ssa
	case *iface:
		if cc.IsInvoke() && v.t != nil {
			if fn := v.t.method(cc.Method.Name()); fn != nil {
				return fn.ssa
			}
		}
	}
	return nil
}

// AnalyzeSSA runs f on the SSA program while no machine of p uses its
// method-set cache (the detectors of envgen/detect, RTA).
func (p *Program) AnalyzeSSA(f func(*ssa.Program)) {
	p.msMu.Lock()
	defer p.msMu.Unlock()
	f(p.ssa)
}

// SSA returns the SSA program p interprets. Its packages are built
// where p interprets them; a package p bridges natively has functions
// without bodies. Its method-set cache (ssa.Program.MethodSets) is
// shared with the interpreters of every machine and is not safe for
// concurrent use: an analysis that uses it (callgraph/rta does) runs in
// AnalyzeSSA.
func (p *Program) SSA() *ssa.Program { return p.ssa }

// Opaque reports whether the interpreter runs fn as one step of its own
// rather than by its SSA body: a model (the sync primitives, time), a
// hook of the host, or a function without body or of a package it
// bridges natively.
func (p *Program) Opaque(fn *ssa.Function) bool {
	if fn.Blocks == nil || fn.Pkg != nil && !p.interpreted(fn.Pkg.Pkg) {
		return true
	}
	return p.modelFor(fn) != nil
}
