package ssainterp

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"time"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// compile translates f's SSA into ops once. Errors (unsupported
// constructs) are kept in f.err and reported when f is first called.
func (f *function) compile() {
	if !f.compiled.Load() { // inlined at each call
		f.compileOnce()
	}
}

func (f *function) compileOnce() {
	defer f.compiled.Store(true)
	f.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				if fault, ok := r.(*internalFault); ok {
					f.err = fault
					return
				}
				f.err = fmt.Errorf("internal error compiling %s: %v\n%s", f.name, r, stackOf())
			}
		}()
		start := time.Now()
		defer func() { f.prog.compileTime.Add(int64(time.Since(start))) }()
		c := &compiler{f: f, p: f.prog, slots: map[ssa.Value]int{}, virtual: map[ssa.Value]bool{}}
		c.compile()
		f.pool = f.prog.pools.Add(1)
	})
}

type compiler struct {
	f       *function
	p       *Program
	slots   map[ssa.Value]int
	blockPC []int
	lastPos token.Pos
	cur     ssa.Instruction
	inThunk bool // compiling a go/defer thunk: pass deferCall on
	// virtual holds read-only locals kept in a register (see
	// readOnlySpill), and the field addresses of them.
	virtual map[ssa.Value]bool
	// skip holds instructions that have no op of their own: integer
	// comparisons that only the If right after them uses (the If
	// compares and branches in one op, see fusedIf), and read-only
	// spills with their stores and loads (their values alias registers).
	skip map[ssa.Instruction]bool
	// fusedWith maps a load or store to the address op fused with it
	// (see fuse.go); the address op is in skip.
	fusedWith map[ssa.Instruction]ssa.Instruction
	// cells maps a variable that does not escape its call (an Alloc
	// that is not Heap) to the register that holds it (see alloc).
	cells map[*ssa.Alloc]int
	// views holds the conversions of pointers to interfaces to
	// pointers to interface headers, and the field addresses of those
	// used at once, compiled by viewOp (unsafeiface.go).
	views map[ssa.Value]*ifaceView
	// bviews holds the conversions of pointers to bytes to pointers to
	// plain data, and the field and element addresses of those used at
	// once, compiled by byteViewOp (unsafebytes.go).
	bviews map[ssa.Value]*byteView
	// fills maps the first instruction of a run of constant stores into
	// a local array to the run (fill.go); the run's other instructions
	// are in skip, and its addresses in fillAddr (they have no register).
	fills    map[ssa.Instruction]*fill
	fillAddr map[ssa.Instruction]bool
	// inst is the plain form of the op compiled for instFor (setInst,
	// dispatch.go).
	inst    inst
	instFor ssa.Instruction
}

// spilled returns the value stored into a read-only spill.
func spilled(alloc *ssa.Alloc) ssa.Value {
	for _, r := range *alloc.Referrers() {
		if st, ok := r.(*ssa.Store); ok {
			return st.Val
		}
	}
	panic("spilled: no store")
}

// fusable reports whether b is the comparison of integers (or bools, for
// == and !=) that the If ending its block, right after it, alone uses.
func fusable(b *ssa.BasicBlock) *ssa.BinOp {
	n := len(b.Instrs)
	if n < 2 {
		return nil
	}
	iff, ok := b.Instrs[n-1].(*ssa.If)
	if !ok {
		return nil
	}
	cmp, ok := b.Instrs[n-2].(*ssa.BinOp)
	if !ok || iff.Cond != cmp || len(*cmp.Referrers()) != 1 {
		return nil
	}
	bt, ok := cmp.X.Type().Underlying().(*types.Basic)
	if !ok {
		return nil
	}
	switch cmp.Op {
	case token.EQL, token.NEQ:
		if bt.Info()&(types.IsInteger|types.IsBoolean) == 0 {
			return nil
		}
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if bt.Info()&types.IsInteger == 0 {
			return nil
		}
	default:
		return nil
	}
	return cmp
}

// readOnlySpill reports whether alloc is a local that is stored once,
// right after its creation, and afterwards only read, directly or
// through field addresses: SSA's spill of a struct parameter whose fields
// are read. Such a local can live in a register with no memory cell.
func readOnlySpill(alloc *ssa.Alloc) bool {
	if alloc.Heap || !storedNext(alloc) {
		return false
	}
	stores := 0
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc || r.Val == alloc {
				return false
			}
			stores++
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			for _, rr := range *r.Referrers() {
				switch rr := rr.(type) {
				case *ssa.UnOp:
					if rr.Op != token.MUL {
						return false
					}
				case *ssa.DebugRef:
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return stores == 1
}

// compile compiles c.f's SSA body into ops, in passes: registers for the
// parameters and free variables, the read-only spills kept in registers
// (findVirtual), the instructions without an op of their own (markSkips),
// a register per value and a pc per op (number), the spills' aliases,
// and the ops (emit).
func (c *compiler) compile() {
	fn := c.f.ssa
	if fn.Blocks == nil {
		panic(&internalFault{msg: "internal error: compiling external function " + c.f.name})
	}
	n := 0
	for _, p := range fn.Params {
		c.slots[p] = n
		n++
	}
	c.f.nparams = len(fn.Params)
	for _, fv := range fn.FreeVars {
		c.slots[fv] = n
		n++
	}
	c.f.nfree = len(fn.FreeVars)
	c.findVirtual()
	aliases := c.markSkips()
	n, pc := c.number(n)
	c.cells = map[*ssa.Alloc]int{}
	for _, l := range fn.Locals {
		if !l.Heap && !isAggregate(c.rt(deref(l.Type()))) {
			c.cells[l] = n
			n++
		}
	}
	c.f.cbase = n
	// A spill is its stored value's register (allocs come before the
	// loads in aliases); a load of it or of its field, the register of
	// what it loads.
	for _, ins := range aliases {
		switch ins := ins.(type) {
		case *ssa.Alloc:
			c.slots[ins] = c.slot(spilled(ins))
		case *ssa.UnOp:
			c.slots[ins] = c.slots[ins.X]
		}
	}
	c.noteTupleDests()
	c.f.nresults = fn.Signature.Results().Len()
	c.f.recovPC = -1
	if fn.Recover != nil {
		c.f.recovPC = c.blockPC[fn.Recover.Index]
	}
	c.emit(pc)
	c.f.nregs = n + len(c.f.consts)
}

// findVirtual marks the read-only spills kept in a register, and the
// field addresses of them, in c.virtual. (A native struct is a
// reflect.Value, not fields in a register.)
func (c *compiler) findVirtual() {
	for _, b := range c.f.ssa.Blocks {
		for _, ins := range b.Instrs {
			if a, ok := ins.(*ssa.Alloc); ok && readOnlySpill(a) && c.rt(deref(a.Type())).kind != kNative {
				c.virtual[a] = true
				for _, r := range *a.Referrers() {
					if fa, ok := r.(*ssa.FieldAddr); ok {
						c.virtual[fa] = true
					}
				}
			}
		}
	}
}

// markSkips finds the instructions without an op of their own and puts
// them in c.skip: comparisons fused into the If after them, a read-only
// spill's alloc, its store and loads of it or of its fields, whose values
// alias registers (returned, in order), the range expressions Go does not
// evaluate (unevaluated.go), runs of constant stores (c.fills), address
// ops fused with their access (c.fusedWith) and the extracts of a pair.
func (c *compiler) markSkips() (aliases []ssa.Instruction) {
	c.findViews()
	c.findByteViews()
	c.skip = map[ssa.Instruction]bool{}
	c.fusedWith = map[ssa.Instruction]ssa.Instruction{}
	for _, ins := range c.unevaluatedRanges() {
		c.skip[ins] = true
	}
	c.fills, c.fillAddr = map[ssa.Instruction]*fill{}, map[ssa.Instruction]bool{}
	for _, b := range c.f.ssa.Blocks {
		if cmp := fusable(b); cmp != nil {
			c.skip[cmp] = true
		}
		c.markFills(b)
		for k := 0; k+1 < len(b.Instrs); k++ {
			if addr, acc := b.Instrs[k], b.Instrs[k+1]; !c.skip[acc] && c.fusableAccess(addr, acc) {
				c.skip[addr] = true
				c.fusedWith[acc] = addr
			}
		}
		for _, ins := range b.Instrs {
			for _, e := range commaOkExtracts(ins) {
				if e != nil {
					c.skip[e] = true
				}
			}
			switch ins := ins.(type) {
			case *ssa.Call:
				if ext, ok := c.pairExtracts(ins); ok {
					for _, e := range ext {
						if e != nil {
							c.skip[e] = true
						}
					}
				}
			case *ssa.Alloc:
				if c.virtual[ins] {
					c.skip[ins] = true
					aliases = append(aliases, ins)
				}
			case *ssa.Store:
				if c.virtual[ins.Addr] {
					c.skip[ins] = true
				}
			case *ssa.UnOp:
				if ins.Op == token.MUL && c.virtual[ins.X] {
					c.skip[ins] = true
					aliases = append(aliases, ins)
				}
			}
		}
	}
	return aliases
}

// markFills records the runs of constant stores into a local array in
// block b (c.fills), the run's other instructions in c.skip and its
// addresses in c.fillAddr.
func (c *compiler) markFills(b *ssa.BasicBlock) {
	for k := 0; k < len(b.Instrs); k++ {
		f, n := c.fillAt(b.Instrs, k)
		if f == nil {
			continue
		}
		c.fills[b.Instrs[k]] = f
		for j := k; j < k+n; j++ {
			ins := b.Instrs[j]
			c.skip[ins] = j > k
			switch ins.(type) {
			case *ssa.IndexAddr, *ssa.FieldAddr, *ssa.Alloc, *ssa.UnOp:
				c.fillAddr[ins] = true // no register: no op reads it
			}
		}
		k += n - 1
	}
}

// number gives each value a register from n on, and each block its
// first pc (c.blockPC); it returns the registers used and the ops.
func (c *compiler) number(n int) (regs, pc int) {
	fn := c.f.ssa
	c.blockPC = make([]int, len(fn.Blocks))
	for _, b := range fn.Blocks {
		c.blockPC[b.Index] = pc
		if b == fn.Recover {
			pc++ // the synthetic RunDefers
		}
		for _, ins := range b.Instrs {
			if v, ok := ins.(ssa.Value); ok && !c.fillAddr[ins] {
				c.slots[v] = n
				if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) != 0 {
					c.f.scalars = append(c.f.scalars, n)
				}
				n++
			}
			switch ins.(type) {
			case *ssa.Phi, *ssa.DebugRef:
			default:
				if !c.skip[ins] {
					pc++
				}
			}
		}
	}
	return n, pc
}

// emit compiles the pc ops of c.f, with their positions, instructions
// and weights (the instructions each stands for).
func (c *compiler) emit(pc int) {
	fn := c.f.ssa
	code := make([]op, 0, pc)
	pos := make([]token.Pos, 0, pc)
	instrs := make([]ssa.Instruction, 0, pc)
	weight := make([]uint16, 0, pc)
	insts := make([]inst, 0, pc)
	c.lastPos = fn.Pos()
	for _, b := range fn.Blocks {
		if b == fn.Recover {
			code = append(code, opRunDefers)
			pos = append(pos, c.lastPos)
			instrs = append(instrs, nil)
			weight = append(weight, 1)
			insts = append(insts, inst{})
		}
		folded := uint16(0) // skipped instructions the next op stands for
		for _, ins := range b.Instrs {
			switch ins.(type) {
			case *ssa.Phi, *ssa.DebugRef:
				continue
			}
			if c.skip[ins] {
				folded++
				continue
			}
			weight = append(weight, 1+folded)
			folded = 0
			addr := c.fusedWith[ins]
			if addr != nil {
				if p := addr.Pos(); p.IsValid() {
					c.lastPos = p
				}
			}
			if p := ins.Pos(); p.IsValid() {
				c.lastPos = p
			}
			c.cur = ins
			c.setInst(nil, inst{})
			if f := c.fills[ins]; f != nil {
				code = append(code, c.fillOp(f))
			} else if addr != nil {
				code = append(code, c.fusedAccess(addr, ins))
			} else {
				code = append(code, c.instr(ins))
			}
			if c.instFor == ins && c.fills[ins] == nil {
				insts = append(insts, c.inst)
			} else {
				insts = append(insts, inst{})
			}
			pos = append(pos, c.lastPos)
			instrs = append(instrs, ins)
		}
	}
	c.f.code, c.f.pos, c.f.instr, c.f.weight, c.f.insts = code, pos, instrs, weight, insts
}

// fault raises an unsupported-construct error naming the instruction.
func (c *compiler) fault(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	pos := ""
	if c.cur != nil {
		p := c.cur.Pos()
		if !p.IsValid() {
			p = c.lastPos
		}
		if p.IsValid() {
			pos = c.p.fset.Position(p).String()
		}
	}
	panic(&internalFault{msg: fmt.Sprintf("unsupported: %s (in %s)", msg, c.f.name), pos: pos})
}

// slot returns the register holding v, allocating constant registers for
// constants, globals and functions used as values.
func (c *compiler) slot(v ssa.Value) int {
	if s, ok := c.slots[v]; ok {
		return s
	}
	var val value
	switch v := v.(type) {
	case *ssa.Const:
		val = c.p.constValue(v)
	case *ssa.Global:
		if idx, ok := c.p.globalIndex[v]; ok {
			s := c.f.cbase + len(c.f.consts)
			c.f.consts = append(c.f.consts, value{})
			c.f.globals = append(c.f.globals, globalRef{slot: s, g: idx, zero: lazyZero(c.p.rtypeOf(deref(v.Type()))), preset: c.p.lazyPreset(v)})
			c.slots[v] = s
			return s
		}
		if fd := stdFiles[v.Pkg.Pkg.Path()+"."+v.Name()]; fd != 0 {
			s := c.f.cbase + len(c.f.consts)
			c.f.consts = append(c.f.consts, value{})
			c.f.globals = append(c.f.globals, globalRef{slot: s, g: -fd})
			c.slots[v] = s
			return s
		}
		nv, err := c.p.nativeVar(v)
		if err != nil {
			c.fault("%v", err)
		}
		val = nv
	case *ssa.Function:
		val = value{r: &closure{fn: c.p.funcOf(v)}}
	case *ssa.Builtin:
		c.fault("builtin %s used as a value", v.Name())
	default:
		panic(fmt.Sprintf("internal error: no register for %T %v in %s", v, v, c.f.name))
	}
	s := c.f.cbase + len(c.f.consts)
	c.f.consts = append(c.f.consts, val)
	c.slots[v] = s
	return s
}

func (c *compiler) slotsOf(vs []ssa.Value) []int {
	out := make([]int, len(vs))
	for i, v := range vs {
		out[i] = c.slot(v)
	}
	return out
}

func (c *compiler) rt(t types.Type) *rtype { return c.p.rtypeOf(t) }

// edge compiles the transfer of control from block from to block to: the
// parallel assignment of to's phis, then the jump.
func (c *compiler) edge(from, to *ssa.BasicBlock) op {
	dst, src, target, counted := c.edgeMoves(from, to)
	switch len(dst) {
	case 0:
		if counted {
			return func(fr *frame) *frame {
				fr.pc = target
				return fr.g.m.tick(fr)
			}
		}
		return func(fr *frame) *frame { fr.pc = target; return fr }
	case 1:
		d, s := dst[0], src[0]
		return func(fr *frame) *frame {
			fr.regs[d] = fr.regs[s]
			fr.pc = target
			if counted {
				return fr.g.m.tick(fr)
			}
			return fr
		}
	case 2: // a loop's index and accumulator, typically: a parallel move
		d0, d1, s0, s1 := dst[0], dst[1], src[0], src[1]
		return func(fr *frame) *frame {
			a, b := fr.regs[s0], fr.regs[s1]
			fr.regs[d0], fr.regs[d1] = a, b
			fr.pc = target
			if counted {
				return fr.g.m.tick(fr)
			}
			return fr
		}
	}
	return func(fr *frame) *frame {
		var buf [8]value
		vals := buf[:0]
		for _, s := range src {
			vals = append(vals, fr.regs[s])
		}
		for i, d := range dst {
			fr.regs[d] = vals[i]
		}
		fr.pc = target
		if counted {
			return fr.g.m.tick(fr)
		}
		return fr
	}
}

// edgeMoves returns the transfer of control from block from to block to:
// the registers of to's φs and of their values on this edge, the pc of
// to, and whether the edge counts a step (a back edge or a jump to a loop
// header).
func (c *compiler) edgeMoves(from, to *ssa.BasicBlock) (dst, src []int, target int, counted bool) {
	pred := -1
	for i, p := range to.Preds {
		if p == from {
			pred = i
			break
		}
	}
	for _, ins := range to.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		dst = append(dst, c.slots[phi])
		src = append(src, c.slot(phi.Edges[pred]))
	}
	return dst, src, c.blockPC[to.Index], to.Index <= from.Index
}

// jumpOf is the plain form of the edge from block from to block to (the
// op edge makes), nil for an edge of more than two φ moves. φs of
// booleans, integers and floats move only n: the r of their registers
// is nil, as for every scalar register (function.scalars).
func (c *compiler) jumpOf(from, to *ssa.BasicBlock) *jump {
	dst, src, target, counted := c.edgeMoves(from, to)
	if len(dst) > 2 {
		return nil
	}
	j := &jump{target: int32(target), counted: counted, n: uint8(len(dst)), scalar: true}
	for _, ins := range to.Instrs[:len(dst)] {
		if b, ok := ins.(*ssa.Phi).Type().Underlying().(*types.Basic); !ok || b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) == 0 {
			j.scalar = false
		}
	}
	if len(dst) > 0 {
		j.d0, j.s0 = int32(dst[0]), int32(src[0])
	}
	if len(dst) > 1 {
		j.d1, j.s1 = int32(dst[1]), int32(src[1])
	}
	return j
}

// branchInst gives a Jump, or an If of kind k on registers a and b (or
// the immediate imm), its plain form, if its edges have one.
func (c *compiler) branchInst(ins ssa.Instruction, k instKind, a, b int, imm uint64) {
	succs := ins.Block().Succs
	t := c.jumpOf(ins.Block(), succs[0])
	var f *jump
	if k != iJump {
		f = c.jumpOf(ins.Block(), succs[1])
		if f == nil {
			return
		}
	}
	if t != nil {
		c.setInst(ins, inst{k: k, a: int32(a), b: int32(b), imm: imm, t: t, f: f})
	}
}

// tick counts a step (a loop iteration) against the step bound
// (Config.MaxSteps: the iterations since the current Step began), and
// every deadlineLoopSteps steps checks the deadline. It is small enough
// to inline: the checks wait until m.steps reaches m.stepCheck.
func (m *Machine) tick(fr *frame) *frame {
	m.steps++
	if m.steps >= m.stepCheck {
		return m.checkSteps(fr)
	}
	return fr
}

// checkSteps is tick's check of the step bound and of the deadline;
// it sets the step of the next check.
func (m *Machine) checkSteps(fr *frame) *frame {
	if m.cfg.MaxSteps > 0 && m.steps-m.stepFrom > m.cfg.MaxSteps {
		m.stepLimit(fr)
		return nil
	}
	if m.steps%deadlineLoopSteps == 0 {
		if m.pastDeadline() {
			m.interrupt(fr)
			return nil
		}
		m.chargeRegionsSoon() // a loop writing into a mapping (mmap.go)
	}
	m.setStepCheck()
	return fr
}

// setStepCheck sets m.stepCheck, the step at which tick checks next:
// the next multiple of deadlineLoopSteps, or the first step past the
// bound if that comes first.
func (m *Machine) setStepCheck() {
	m.stepCheck = (m.steps/deadlineLoopSteps + 1) * deadlineLoopSteps
	if m.cfg.MaxSteps > 0 {
		m.stepCheck = min(m.stepCheck, m.stepFrom+m.cfg.MaxSteps+1)
	}
}

func opRunDefers(fr *frame) *frame {
	n := len(fr.defers)
	if n == 0 {
		return fr
	}
	d := fr.defers[n-1]
	fr.defers[n-1] = deferred{} // a released frame keeps no closure alive
	fr.defers = fr.defers[:n-1]
	fr.pc-- // come back for the rest
	m := fr.g.m
	if callee := m.callDeferred(fr, d); callee != nil {
		return callee
	}
	return fr
}

// instr compiles ins, by family: control flow, calls and closures,
// conversions, fields and elements, and the making and use of slices,
// maps and channels.
func (c *compiler) instr(ins ssa.Instruction) op {
	if op := c.viewOp(ins); op != nil {
		return op
	}
	if op := c.byteViewOp(ins); op != nil {
		return op
	}
	switch ins := ins.(type) {
	case *ssa.BinOp:
		return c.binop(ins)
	case *ssa.UnOp:
		return c.unop(ins)
	case *ssa.Alloc:
		return c.alloc(ins)
	case *ssa.Store:
		return c.store(ins)
	case *ssa.Jump, *ssa.If, *ssa.Return, *ssa.RunDefers, *ssa.Panic:
		return c.controlInstr(ins)
	case *ssa.Call, *ssa.Go, *ssa.Defer, *ssa.MakeClosure:
		return c.callInstr(ins)
	case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.MultiConvert, *ssa.SliceToArrayPointer, *ssa.TypeAssert:
		return c.convInstr(ins)
	case *ssa.Extract, *ssa.Field, *ssa.FieldAddr, *ssa.Index, *ssa.IndexAddr, *ssa.Lookup, *ssa.Slice:
		return c.elemInstr(ins)
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.MapUpdate, *ssa.MakeChan, *ssa.Send, *ssa.Select, *ssa.Range, *ssa.Next:
		return c.containerInstr(ins)
	}
	c.fault("instruction %T", ins)
	return nil
}

// controlInstr compiles a jump, an if, a return, a RunDefers or a panic.
func (c *compiler) controlInstr(ins ssa.Instruction) op {
	switch ins := ins.(type) {
	case *ssa.Jump:
		c.branchInst(ins, iJump, 0, 0, 0)
		return c.edge(ins.Block(), ins.Block().Succs[0])
	case *ssa.If:
		if cmp, ok := ins.Cond.(*ssa.BinOp); ok && c.skip[cmp] {
			return c.fusedIf(cmp, ins)
		}
		cond := c.slot(ins.Cond)
		c.branchInst(ins, iIf, cond, 0, 0)
		t := c.edge(ins.Block(), ins.Block().Succs[0])
		f := c.edge(ins.Block(), ins.Block().Succs[1])
		return func(fr *frame) *frame {
			if fr.regs[cond].n != 0 {
				return t(fr)
			}
			return f(fr)
		}
	case *ssa.Return:
		return c.ret(ins)
	case *ssa.RunDefers:
		return opRunDefers
	case *ssa.Panic:
		return panicOp(c.slot(ins.X))
	}
	c.fault("instruction %T", ins)
	return nil
}

// callInstr compiles a call, a go or defer statement, or the making of a
// closure.
func (c *compiler) callInstr(ins ssa.Instruction) op {
	switch ins := ins.(type) {
	case *ssa.Call:
		return c.call(ins.Common(), c.slots[ins], ins)
	case *ssa.Go:
		return c.goStmt(ins)
	case *ssa.Defer:
		return c.deferStmt(ins)
	case *ssa.MakeClosure:
		fn := c.p.funcOf(ins.Fn.(*ssa.Function))
		b := c.slotsOf(ins.Bindings)
		d := c.slots[ins]
		size := uint64(closureBytes + valueSize*len(b))
		return func(fr *frame) *frame {
			fr.g.m.alloc(size)
			cl := newClosure(fn, len(b))
			for i, s := range b {
				cl.bindings[i] = fr.regs[s]
			}
			fr.regs[d] = value{r: cl}
			return fr
		}
	}
	c.fault("instruction %T", ins)
	return nil
}

// convInstr compiles a conversion or a type assertion.
func (c *compiler) convInstr(ins ssa.Instruction) op {
	switch ins := ins.(type) {
	case *ssa.MakeInterface:
		return c.makeInterface(ins)
	case *ssa.ChangeInterface:
		x, d := c.slot(ins.X), c.slots[ins]
		return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
	case *ssa.ChangeType:
		x, d := c.slot(ins.X), c.slots[ins]
		return func(fr *frame) *frame { fr.regs[d] = fr.regs[x]; return fr }
	case *ssa.Convert:
		return c.convert(ins)
	case *ssa.MultiConvert:
		return c.multiConvert(ins)
	case *ssa.SliceToArrayPointer:
		return c.sliceToArrayPointer(ins)
	case *ssa.TypeAssert:
		return c.typeAssert(ins)
	}
	c.fault("instruction %T", ins)
	return nil
}

// elemInstr compiles the extraction of a tuple's value, a field or an
// element, the address of one, or a slice operation.
func (c *compiler) elemInstr(ins ssa.Instruction) op {
	switch ins := ins.(type) {
	case *ssa.Extract:
		x, d, i := c.slot(ins.Tuple), c.slots[ins], ins.Index
		if x < len(c.f.tupleDests) && c.f.tupleDests[x] != nil {
			// An interpreted callee put the result in d already (and
			// left no tuple); anything else delivers a tuple.
			return func(fr *frame) *frame {
				if t, ok := fr.regs[x].r.(agg); ok {
					fr.regs[d] = t[i]
				}
				return fr
			}
		}
		return func(fr *frame) *frame { fr.regs[d] = fr.regs[x].r.(agg)[i]; return fr }
	case *ssa.Field:
		return c.field(ins)
	case *ssa.FieldAddr:
		if c.virtual[ins.X] {
			// The field's value, read from the register.
			x, d, i := c.slots[ins.X], c.slots[ins], ins.Field
			return func(fr *frame) *frame { fr.regs[d] = fr.regs[x].r.(agg)[i]; return fr }
		}
		return c.fieldAddr(ins)
	case *ssa.Index:
		return c.index(ins)
	case *ssa.IndexAddr:
		return c.indexAddr(ins)
	case *ssa.Lookup:
		return c.lookup(ins)
	case *ssa.Slice:
		return c.sliceOp(ins)
	}
	c.fault("instruction %T", ins)
	return nil
}

// field compiles the reading of a field of a struct value.
func (c *compiler) field(ins *ssa.Field) op {
	x, d, i := c.slot(ins.X), c.slots[ins], ins.Field
	if c.rt(ins.X.Type()).kind == kNative {
		// A field of a native struct value (a slog.Attr that native
		// code passed to a callback, say).
		ft := c.rt(ins.Type())
		return func(fr *frame) *frame {
			f := fr.regs[x].r.(reflect.Value).Field(i)
			if f.CanAddr() {
				f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			}
			fr.regs[d] = fr.g.m.fromNative(ft, f)
			return fr
		}
	}
	return func(fr *frame) *frame { fr.regs[d] = fr.regs[x].r.(agg)[i]; return fr }
}

// containerInstr compiles the making of a slice, map or channel, a map
// update, a send, a select, and the iteration of a range loop.
func (c *compiler) containerInstr(ins ssa.Instruction) op {
	switch ins := ins.(type) {
	case *ssa.MakeSlice:
		return c.makeSlice(ins)
	case *ssa.MakeMap:
		rt := c.rt(ins.Type())
		d := c.slots[ins]
		return func(fr *frame) *frame {
			fr.g.m.alloc(mapBytes)
			fr.regs[d] = value{r: newMap(rt, fr.g.m)}
			return fr
		}
	case *ssa.MapUpdate:
		return c.mapUpdate(ins)
	case *ssa.MakeChan:
		return c.makeChan(ins)
	case *ssa.Send:
		return c.send(ins)
	case *ssa.Select:
		return c.selectOp(ins)
	case *ssa.Range:
		return c.rangeOp(ins)
	case *ssa.Next:
		return c.next(ins)
	}
	c.fault("instruction %T", ins)
	return nil
}

func (c *compiler) ret(ins *ssa.Return) op {
	if usesDeferStack(c.f.ssa) {
		return c.retAfterDefers(ins)
	}
	rs := c.slotsOf(ins.Results)
	switch len(rs) {
	case 0:
		return func(fr *frame) *frame { return fr.g.m.ret(fr, value{}) }
	case 1:
		s := rs[0]
		return func(fr *frame) *frame { return fr.g.m.ret(fr, fr.regs[s]) }
	}
	return func(fr *frame) *frame {
		if ds := fr.resultDests(len(rs)); ds != nil {
			for i, s := range rs {
				if ds[i] >= 0 {
					fr.caller.regs[ds[i]] = fr.regs[s]
				}
			}
			return fr.g.m.ret(fr, value{})
		}
		t := fr.g.m.tuple(len(rs))
		for i, s := range rs {
			t[i] = fr.regs[s]
		}
		return fr.g.m.ret(fr, value{r: t})
	}
}

// usesDeferStack reports whether fn calls ssa:deferstack: defers in its
// range-over-func loop bodies go on its stack. SSA's lifting then drops
// fn's RunDefers (it sees no Defer in fn itself), so Return runs them.
func usesDeferStack(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if call, ok := ins.(*ssa.Call); ok {
				if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "ssa:deferstack" {
					return true
				}
			}
		}
	}
	return false
}

// retAfterDefers compiles a Return that first runs the frame's pending
// deferred calls, then reads named results afresh (a deferred call may
// have changed them after SSA loaded them).
func (c *compiler) retAfterDefers(ins *ssa.Return) op {
	rs := c.slotsOf(ins.Results)
	reload := make([]int, len(rs)) // register of the result's variable, or -1
	rts := make([]*rtype, len(rs))
	for i, r := range ins.Results {
		reload[i] = -1
		if ld, ok := r.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if a, ok := ld.X.(*ssa.Alloc); ok && !c.virtual[a] {
				reload[i] = c.slot(a)
				rts[i] = c.rt(ld.Type())
			}
		}
	}
	return func(fr *frame) *frame {
		if len(fr.defers) > 0 {
			return opRunDefers(fr) // comes back here afterwards
		}
		result := func(i int) value {
			if reload[i] >= 0 {
				return copyVal(loadFrom(fr.g.m, fr.regs[reload[i]], rts[i]))
			}
			return fr.regs[rs[i]]
		}
		if ds := fr.resultDests(len(rs)); ds != nil { // (never for fewer than two results)
			for i, d := range ds {
				if d >= 0 {
					fr.caller.regs[d] = result(i)
				}
			}
			return fr.g.m.ret(fr, value{})
		}
		t := fr.g.m.tuple(len(rs))
		for i := range rs {
			t[i] = result(i)
		}
		switch len(t) {
		case 0:
			return fr.g.m.ret(fr, value{})
		case 1:
			return fr.g.m.ret(fr, t[0])
		}
		return fr.g.m.ret(fr, value{r: t})
	}
}

// ret pops fr, delivering res to its caller.
func (m *Machine) ret(fr *frame, res value) *frame {
	g := fr.g
	caller := fr.caller
	g.depth--
	g.top = caller
	if fr.boundary {
		g.nestedRes = res
		m.release(fr)
		return nil
	}
	if caller == nil {
		m.goroutineDone(g)
		m.release(fr)
		return nil
	}
	if fr.retSlot >= 0 {
		caller.regs[fr.retSlot] = res
	}
	m.release(fr)
	if caller.unwinding {
		m.unwind(g)
		return g.top
	}
	return caller
}

func deref(t types.Type) types.Type {
	return t.Underlying().(*types.Pointer).Elem()
}

// isAggregate reports whether values of rt need copying on assignment.
func isAggregate(rt *rtype) bool {
	switch rt.kind {
	case kStruct, kArray, kNative, kModel:
		return true
	}
	return false
}

func (c *compiler) alloc(ins *ssa.Alloc) op {
	rt := c.rt(deref(ins.Type()))
	d := c.slots[ins]
	if rt.kind == kNative {
		if _, err := rt.nativeType(); err != nil {
			c.fault("%s is a type of a package that is neither interpreted nor bridged", rt.name)
		}
		return func(fr *frame) *frame {
			fr.regs[d] = value{r: rt.zero().r.(reflect.Value).Addr()}
			return fr
		}
	}
	// The bytes charged (alloc.go): escaping variables always, the
	// others only when large. The array of a variadic call's arguments
	// (append(s, x) makes one per call) is transient: not charged.
	size := elemBytes(rt)
	if (!ins.Heap || ins.Comment == "varargs") && size < bigLocalBytes {
		size = 0
	}
	if isAggregate(rt) && !storedNext(ins) {
		flat := rt.kind == kStruct || rt.kind == kArray
		var plain uint64 // a large array of plain elements: in host memory
		if rt.kind == kArray && rt.length >= bigPlainCells {
			plain = plainBytes(rt.elem)
		}
		return func(fr *frame) *frame {
			if plain != 0 {
				if cells := fr.g.m.bigPlainSlice(uint64(rt.length), plain); cells != nil {
					cell := &value{r: agg(cells)}
					fr.regs[d] = value{r: cell}
					if fr.g.m.watch {
						fr.g.m.bigArrays.add(cells, fr.g.id, true)
					}
					return fr
				}
			}
			if size != 0 {
				fr.g.m.alloc(size)
			}
			var cell *value
			if flat {
				buf := make([]value, 1+rt.flatSize()) // the cell and its elements
				cell = &buf[0]
				*cell = rt.zeroIn(buf[1:])
			} else {
				cell = &value{}
				*cell = rt.zero()
			}
			fr.regs[d] = value{r: cell}
			if ins.Heap && fr.g.m.watch {
				fr.g.m.allocated(fr.g, cell)
			}
			return fr
		}
	}
	if cs, ok := c.cells[ins]; ok && size == 0 {
		// A variable whose address never leaves the call (go/ssa's
		// Heap is false: no &x, no method value, no closure) lives
		// in a register of the frame, as the compiled code keeps it
		// on the stack; the frame is reused only after the call.
		return func(fr *frame) *frame {
			fr.regs[cs] = value{}
			fr.regs[d] = value{r: &fr.regs[cs]}
			return fr
		}
	}
	return func(fr *frame) *frame {
		if size != 0 {
			fr.g.m.alloc(size)
		}
		cell := &value{}
		fr.regs[d] = value{r: cell}
		if ins.Heap && fr.g.m.watch {
			fr.g.m.allocated(fr.g, cell)
		}
		return fr
	}
}

// storedNext reports whether the instruction after alloc stores a whole
// value into it (SSA's spill of a parameter or initialiser), so the cell
// needs no zero value first.
func storedNext(alloc *ssa.Alloc) bool {
	instrs := alloc.Block().Instrs
	for i, ins := range instrs {
		if ins == alloc {
			if i+1 < len(instrs) {
				st, ok := instrs[i+1].(*ssa.Store)
				return ok && st.Addr == alloc
			}
			return false
		}
	}
	return false
}

func (c *compiler) store(ins *ssa.Store) op {
	a, v := c.slot(ins.Addr), c.slot(ins.Val)
	rt := c.rt(ins.Val.Type())
	track := !localAddr(ins.Addr)
	if isAggregate(rt) {
		return func(fr *frame) *frame {
			if track && fr.g.m.watch && tracked(fr, fr.regs[a], true) {
				fr.pc--
				return nil
			}
			if q, ok := fr.regs[a].r.(*value); ok && q != nil {
				assign(q, fr.regs[v])
				return fr
			}
			storeTo(fr.g.m, fr.regs[a], copyVal(fr.regs[v]), rt)
			return fr
		}
	}
	return func(fr *frame) *frame {
		if p, ok := fr.regs[a].r.(*value); ok && p != nil {
			if track && fr.g.m.watch && fr.g.m.memAccess(fr, p, true) {
				fr.pc--
				return nil
			}
			*p = fr.regs[v]
			return fr
		}
		storeTo(fr.g.m, fr.regs[a], fr.regs[v], rt)
		return fr
	}
}

// localAddr reports whether the address v is in a local variable that
// does not escape its function (no other goroutine can reach it).
func localAddr(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Alloc:
		return !v.Heap
	case *ssa.FieldAddr:
		return localAddr(v.X)
	case *ssa.IndexAddr:
		if _, isSlice := v.X.Type().Underlying().(*types.Slice); !isSlice {
			return localAddr(v.X)
		}
	}
	return false
}

// tracked reports a memory access through pointer p (see memAccess); it
// returns true when the goroutine must stop before it.
func tracked(fr *frame, p value, write bool) bool {
	c, ok := p.r.(*value)
	return ok && c != nil && fr.g.m.memAccessCell(fr, c, write)
}

// storeTo stores v through pointer p (a *value or a native pointer).
func storeTo(m *Machine, p value, v value, rt *rtype) {
	switch q := p.r.(type) {
	case *value:
		if q == nil {
			throwPanic(nilDeref())
		}
		*q = v
	case nil:
		throwPanic(nilDeref())
	default:
		storeNative(m, q, v, rt)
	}
}

// loadFrom loads the value p points to.
func loadFrom(m *Machine, p value, rt *rtype) value {
	switch q := p.r.(type) {
	case *value:
		if q == nil {
			throwPanic(nilDeref())
		}
		return *q
	case nil:
		throwPanic(nilDeref())
	default:
		return loadNative(m, q, rt)
	}
	return value{}
}

// fusedIf compiles an If on the integer comparison cmp, which has no op
// of its own: one dispatch compares and branches.
func (c *compiler) fusedIf(cmp *ssa.BinOp, ins *ssa.If) op {
	x, y := c.slot(cmp.X), c.slot(cmp.Y)
	t := c.edge(ins.Block(), ins.Block().Succs[0])
	f := c.edge(ins.Block(), ins.Block().Succs[1])
	signed := cmp.X.Type().Underlying().(*types.Basic).Info()&types.IsUnsigned == 0
	plain := func(k instKind, imm uint64) { c.branchInst(ins, k, x, y, imm) }
	branch := func(less func(a, b uint64) bool) op {
		return func(fr *frame) *frame {
			if less(fr.regs[x].n, fr.regs[y].n) {
				return t(fr)
			}
			return f(fr)
		}
	}
	if cy, ok := cmp.Y.(*ssa.Const); ok && signed && cy.Value != nil {
		// A constant operand is an immediate (n < 2, i < len).
		n := int64(c.p.constValue(cy).n)
		switch cmp.Op {
		case token.LSS:
			plain(iIfLtImm, uint64(n))
			return func(fr *frame) *frame {
				if int64(fr.regs[x].n) < n {
					return t(fr)
				}
				return f(fr)
			}
		case token.EQL:
			plain(iIfEqImm, uint64(n))
			return func(fr *frame) *frame {
				if int64(fr.regs[x].n) == n {
					return t(fr)
				}
				return f(fr)
			}
		}
	}
	switch {
	case cmp.Op == token.EQL:
		plain(iIfEq, 0)
		return func(fr *frame) *frame {
			if fr.regs[x].n == fr.regs[y].n {
				return t(fr)
			}
			return f(fr)
		}
	case cmp.Op == token.NEQ:
		plain(iIfNe, 0)
		return func(fr *frame) *frame {
			if fr.regs[x].n != fr.regs[y].n {
				return t(fr)
			}
			return f(fr)
		}
	case signed && cmp.Op == token.LSS:
		plain(iIfLt, 0)
		return func(fr *frame) *frame {
			if int64(fr.regs[x].n) < int64(fr.regs[y].n) {
				return t(fr)
			}
			return f(fr)
		}
	case signed && cmp.Op == token.LEQ:
		plain(iIfLe, 0)
		return func(fr *frame) *frame {
			if int64(fr.regs[x].n) <= int64(fr.regs[y].n) {
				return t(fr)
			}
			return f(fr)
		}
	case signed && cmp.Op == token.GTR:
		plain(iIfGt, 0)
		return func(fr *frame) *frame {
			if int64(fr.regs[x].n) > int64(fr.regs[y].n) {
				return t(fr)
			}
			return f(fr)
		}
	case signed && cmp.Op == token.GEQ:
		plain(iIfGe, 0)
		return func(fr *frame) *frame {
			if int64(fr.regs[x].n) >= int64(fr.regs[y].n) {
				return t(fr)
			}
			return f(fr)
		}
	case cmp.Op == token.LSS:
		plain(iIfLtU, 0)
		return branch(func(a, b uint64) bool { return a < b })
	case cmp.Op == token.LEQ:
		plain(iIfLeU, 0)
		return branch(func(a, b uint64) bool { return a <= b })
	case cmp.Op == token.GTR:
		plain(iIfGtU, 0)
		return branch(func(a, b uint64) bool { return a > b })
	}
	plain(iIfGeU, 0)
	return branch(func(a, b uint64) bool { return a >= b })
}

// panicOp is panic(v) of the value in register x (a nil v panics with
// a *runtime.PanicNilError, as Go 1.21 on).
func panicOp(x int) op {
	return func(fr *frame) *frame {
		v := fr.regs[x]
		if v.r == nil {
			v = fr.g.m.panicNilValue()
		}
		throwPanic(v)
		return nil
	}
}
