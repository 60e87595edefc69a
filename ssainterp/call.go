package ssainterp

import (
	"go/token"
	"go/types"
	"reflect"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// call compiles a function call whose result goes to register dst (-1:
// none): of a builtin, of a method through an interface (invokeCall), of
// a function known statically (staticCall), or through a function value
// (dynamicCall).
func (c *compiler) call(cc *ssa.CallCommon, dst int, ins ssa.Instruction) op {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		return c.builtin(b, cc.Args, dst, ins)
	}
	args := c.slotsOf(cc.Args)
	if cc.IsInvoke() {
		return c.invokeCall(cc, args, dst)
	}
	if callee := cc.StaticCallee(); callee != nil && len(callee.FreeVars) == 0 {
		return c.staticCall(cc, callee, args, dst, ins)
	}
	return c.dynamicCall(cc, args, dst)
}

// invokeCall compiles the call of cc's method on an interface value.
func (c *compiler) invokeCall(cc *ssa.CallCommon, args []int, dst int) op {
	recv := c.slot(cc.Value)
	name := cc.Method.Name()
	// A polymorphic inline cache of the dynamic types seen here; it
	// is shared by concurrent machines, hence atomic and immutable.
	var cache atomic.Pointer[[]methodCache]
	return func(fr *frame) *frame {
		i, _ := fr.regs[recv].r.(*iface)
		if i == nil {
			throwPanic(nilDeref())
		}
		fn, hit := lookupCache(cache.Load(), i.t)
		if !hit {
			fn = i.t.method(name)
			cache.Store(addCache(cache.Load(), i.t, fn))
		}
		if fn != nil && !fn.external {
			callee := fr.g.m.enter(fr, fn, dst)
			callee.regs[0] = i.v
			for k, s := range args {
				callee.regs[k+1] = fr.regs[s]
			}
			return callee
		}
		m := fr.g.m
		vals, mark := m.pushArgs(1 + len(args))
		vals[0] = i.v
		for k, s := range args {
			vals[k+1] = fr.regs[s]
		}
		var next *frame
		if fn == nil {
			next = m.callNativeMethod(fr, i, name, vals[1:], dst)
		} else {
			next = m.callFunc(fr, fn, vals, dst)
		}
		m.popArgs(mark)
		return next
	}
}

// staticCall compiles the call of callee, a function without free
// variables: interpreted, native or modelled.
func (c *compiler) staticCall(cc *ssa.CallCommon, callee *ssa.Function, args []int, dst int, ins ssa.Instruction) op {
	if callee.Name() == "init" && callee.Pkg != nil && callee.Blocks == nil && !c.p.interpreted(callee.Pkg.Pkg) {
		// A bridged package is initialised natively.
		return func(fr *frame) *frame { return fr }
	}
	fn := c.p.funcOf(callee)
	if !fn.external {
		thunk := c.inThunk
		if !thunk && len(args) == 1 { // the commonest shape, without a loop
			a0 := args[0]
			return func(fr *frame) *frame {
				callee := fr.g.m.enter(fr, fn, dst)
				callee.regs[0] = fr.regs[a0]
				return callee
			}
		}
		return func(fr *frame) *frame {
			callee := fr.g.m.enter(fr, fn, dst)
			for k, s := range args {
				callee.regs[k] = fr.regs[s]
			}
			if thunk {
				callee.deferCall = fr.deferCall
			}
			return callee
		}
	}
	if nf := c.fastNative(cc); nf != nil {
		return c.fastNativeCall(nf, args, dst, ins)
	}
	return func(fr *frame) *frame {
		m := fr.g.m
		vals, mark := m.pushArgs(len(args))
		for k, s := range args {
			vals[k] = fr.regs[s]
		}
		next := m.callExternal(fr, fn, vals, dst)
		m.popArgs(mark)
		return next
	}
}

// dynamicCall compiles a call through a function value: a closure, or a
// native function value.
func (c *compiler) dynamicCall(cc *ssa.CallCommon, args []int, dst int) op {
	fv := c.slot(cc.Value)
	thunk := c.inThunk
	sig := cc.Signature()
	var ptypes, rtypes []*rtype
	for i := range sig.Params().Len() {
		ptypes = append(ptypes, c.rt(sig.Params().At(i).Type()))
	}
	for i := range sig.Results().Len() {
		rtypes = append(rtypes, c.rt(sig.Results().At(i).Type()))
	}
	return func(fr *frame) *frame {
		cl, _ := fr.regs[fv].r.(*closure)
		if cl == nil {
			if rv, ok := fr.regs[fv].r.(reflect.Value); ok {
				// A native function value (say, an iter.Seq that
				// strings.SplitSeq returned).
				m := fr.g.m
				vals, mark := m.pushArgs(len(args))
				for k, s := range args {
					vals[k] = fr.regs[s]
				}
				res := m.reflectCall(rv, ptypes, sig.Variadic(), vals, rtypes)
				m.popArgs(mark)
				if dst >= 0 {
					fr.regs[dst] = res
				}
				return fr
			}
			throwPanic(nilDeref())
		}
		m := fr.g.m
		vals, mark := m.pushArgs(len(args))
		for k, s := range args {
			vals[k] = fr.regs[s]
		}
		next := m.callClosure(fr, cl, vals, dst)
		m.popArgs(mark)
		if thunk && next != fr && next != nil && next.caller == fr {
			next.deferCall = fr.deferCall
		}
		return next
	}
}

// callClosure calls a function value.
func (m *Machine) callClosure(fr *frame, cl *closure, args []value, dst int) *frame {
	fn := cl.fn
	if len(cl.bindings) == 0 {
		return m.callFunc(fr, fn, args, dst)
	}
	callee := m.enter(fr, fn, dst)
	copy(callee.regs, args)
	copy(callee.regs[fn.nparams:], cl.bindings)
	return callee
}

// enter pushes a frame for a call of interpreted fn from fr whose result
// goes to register dst; the caller fills in the arguments.
func (m *Machine) enter(fr *frame, fn *function, dst int) *frame {
	g := fr.g
	// The common case inline: a frame that ran fn on this machine, from
	// fn's pool (newFrame's first case, without its checks: a pooled
	// frame's function is compiled).
	if id := int(fn.pool); id < len(m.framePools) && g.depth < m.cfg.MaxDepth && !m.cfg.Fingerprints {
		if p := m.framePools[id]; p != nil && p.top != nil && p.top.touched {
			callee := p.pop(g)
			g.depth++
			callee.caller, callee.retSlot = fr, dst
			g.top = callee
			return callee
		}
	}
	callee := m.newFrame(fn, g)
	callee.caller = fr
	callee.retSlot = dst
	g.top = callee
	return callee
}

// methodCache is an invoke site's cached method lookup.
type methodCache struct {
	t  *rtype
	fn *function
}

func lookupCache(c *[]methodCache, t *rtype) (*function, bool) {
	if c != nil {
		for _, e := range *c {
			if e.t == t {
				return e.fn, true
			}
		}
	}
	return nil, false
}

// addCache returns a copy of c with t's entry added (at most 8 entries;
// a megamorphic site keeps the most recent ones).
func addCache(c *[]methodCache, t *rtype, fn *function) *[]methodCache {
	var n []methodCache
	if c != nil {
		n = append(n, *c...)
	}
	if len(n) >= 8 {
		n = n[1:]
	}
	n = append(n, methodCache{t, fn})
	return &n
}

// callFunc calls fn with args from frame fr, delivering the result to dst.
// It returns the frame to run next.
func (m *Machine) callFunc(fr *frame, fn *function, args []value, dst int) *frame {
	if fn == nil {
		return fr
	}
	if fn.external {
		return m.callExternal(fr, fn, args, dst)
	}
	callee := m.enter(fr, fn, dst)
	copy(callee.regs, args)
	return callee
}

// callExternal calls a function without SSA body: a model or a native
// function.
func (m *Machine) callExternal(fr *frame, fn *function, args []value, dst int) *frame {
	if fn.model != nil {
		return fn.model(m, fr, args, dst)
	}
	res := m.callNative(fr, fn, args)
	if dst >= 0 {
		fr.regs[dst] = res
	}
	return fr
}

// The argument stack: the arguments of a call of an external function
// (a model or a native function), of a closure and of a go statement go
// in a region of m.argStack that the call pops when it returns, instead
// of a new slice per call. Inv: a callee does not keep its args slice
// past its return (it copies what it keeps: into a frame's registers, a
// goroutine's, a HookCall); a nested call (a callback from native code)
// pushes above its caller's region. A host panic that skips a pop leaves
// the stack high: the next pop of an enclosing call, or the dispatch
// loop's next start (runSafe, runNested), brings it back down.

// pushArgs returns a region of n values on the argument stack and the
// mark to pop it to.
func (m *Machine) pushArgs(n int) (args []value, mark int) {
	mark = len(m.argStack)
	if mark+n > cap(m.argStack) {
		// The regions below stay where they are: their calls still use
		// them, and a region is read, never grown.
		grown := make([]value, mark, max(2*cap(m.argStack), mark+n, 64))
		copy(grown, m.argStack)
		m.argStack = grown
	}
	m.argStack = m.argStack[:mark+n]
	return m.argStack[mark : mark+n : mark+n], mark
}

// popArgs pops the argument stack back to mark. What the region held is
// not cleared (a pushed region is written in full before it is read):
// it keeps a few values alive until the next call at that depth
// overwrites them, or Release clears the stack.
func (m *Machine) popArgs(mark int) {
	if mark < len(m.argStack) {
		m.argStack = m.argStack[:mark]
	}
}

// thunk compiles a function that performs call cc with every operand as a
// parameter: the body of go and defer statements, whose operands are
// evaluated at the statement.
func (c *compiler) thunk(cc *ssa.CallCommon) (*function, []int) {
	var operands []ssa.Value
	if _, ok := cc.Value.(*ssa.Builtin); !ok {
		operands = append(operands, cc.Value)
	}
	operands = append(operands, cc.Args...)
	fn := &function{prog: c.p, name: c.f.name + "$thunk", ssa: nil}
	tc := &compiler{f: fn, p: c.p, slots: map[ssa.Value]int{}, inThunk: true, cur: c.cur, lastPos: c.lastPos}
	var slots []int
	n := 0
	for _, v := range operands {
		if _, ok := tc.slots[v]; ok {
			continue
		}
		tc.slots[v] = n
		slots = append(slots, c.slot(v))
		n++
	}
	fn.nparams = n
	fn.cbase = n
	fn.recovPC = -1
	callOp := tc.call(cc, -1, nil)
	fn.code = []op{callOp, func(fr *frame) *frame { return fr.g.m.ret(fr, value{}) }}
	p := c.lastPos
	fn.pos = []token.Pos{p, p}
	fn.instr = []ssa.Instruction{c.cur, nil}
	fn.nregs = n
	fn.once.Do(func() {})
	return fn, slots
}

func (c *compiler) goStmt(ins *ssa.Go) op {
	fn, slots := c.thunk(ins.Common())
	pos := ins.Pos()
	return func(fr *frame) *frame {
		m := fr.g.m
		if !m.visible(fr, &opDesc{kind: opGo, wait: WaitGo}) {
			fr.pc--
			return nil
		}
		args, mark := m.pushArgs(len(slots))
		for i, s := range slots {
			args[i] = fr.regs[s]
		}
		m.spawnFrom(fr.g, fn, args, pos).creator = fr.fn
		m.popArgs(mark)
		return fr
	}
}

func (c *compiler) deferStmt(ins *ssa.Defer) op {
	fn, slots := c.thunk(ins.Common())
	stack := -1
	if ins.DeferStack != nil {
		// A defer in a range-over-func loop body belongs to the
		// enclosing function, whose frame ssa:deferstack named.
		stack = c.slot(ins.DeferStack)
	}
	thunk := value{r: &closure{fn: fn}} // immutable: shared by every defer here
	return func(fr *frame) *frame {
		args := []value(fr.g.m.tuple(len(slots)))
		for i, s := range slots {
			args[i] = fr.regs[s]
		}
		target := fr
		if stack >= 0 {
			target = fr.regs[stack].r.(*frame)
		}
		target.defers = append(target.defers, deferred{fn: thunk, args: args})
		return fr
	}
}

// callDeferred starts deferred call d of frame fr. It returns the callee
// frame (already on top of the goroutine).
func (m *Machine) callDeferred(fr *frame, d deferred) *frame {
	fn := d.fn.r.(*closure).fn
	callee := m.newFrame(fn, fr.g)
	copy(callee.regs, d.args)
	callee.caller = fr
	fr.g.top = callee
	return callee
}

// elemSize is the size of values of t as gc on amd64 lays them out.
var gcSizes = types.SizesFor("gc", "amd64")

// growCap returns the capacity Go's growslice picks when appending to a
// slice of cap oldCap so that it holds newLen elements of type et.
func growCap(oldCap, newLen int, elemSize int64, noscan bool) int {
	if elemSize == 0 {
		return newLen
	}
	newcap := oldCap
	doublecap := newcap + newcap
	if newLen > doublecap {
		newcap = newLen
	} else {
		const threshold = 256
		if oldCap < threshold {
			newcap = doublecap
		} else {
			for {
				newcap += (newcap + 3*threshold) >> 2
				if uint(newcap) >= uint(newLen) {
					break
				}
			}
			if newcap <= 0 {
				newcap = newLen
			}
		}
	}
	mem := roundupsize(uint64(newcap)*uint64(elemSize), noscan)
	return int(mem / uint64(elemSize))
}

var sizeClasses = [...]uint64{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

// roundupsize mirrors runtime.roundupsize (Go 1.26, amd64).
func roundupsize(size uint64, noscan bool) uint64 {
	const maxSmall, header, minHeader, page = 32768, 8, 512, 8192
	req := size
	if req <= maxSmall-header {
		if !noscan && req > minHeader {
			req += header
		}
		for _, c := range sizeClasses[1:] {
			if c >= req {
				return c - (req - size)
			}
		}
	}
	req += page - 1
	if req < size {
		return size
	}
	return req &^ (page - 1)
}

// hasPointers reports whether values of t contain pointers (noscan).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// scratchArgs holds the arguments of a call of a native function with a
// direct adapter (see fastcall.go).
type scratchArgs [4]value

// fastNative returns the native function that the static call cc calls
// through a direct adapter, or nil. Such a function neither keeps its
// arguments nor calls back, so they can go in the machine's scratch space
// instead of a new slice.
func (c *compiler) fastNative(cc *ssa.CallCommon) *nativeFunc {
	callee := cc.StaticCallee()
	if callee == nil || len(callee.FreeVars) != 0 || len(cc.Args) > len(scratchArgs{}) {
		return nil
	}
	if _, ok := cc.Value.(*ssa.Builtin); ok || cc.IsInvoke() {
		return nil
	}
	if callee.Name() == "init" && callee.Pkg != nil && callee.Blocks == nil && !c.p.interpreted(callee.Pkg.Pkg) {
		return nil
	}
	fn := c.p.funcOf(callee)
	if !fn.external || fn.model != nil {
		return nil
	}
	if nf := c.p.resolveNative(fn); nf.err == nil && nf.fast != nil {
		return nf
	}
	return nil
}

// pairExtracts reports whether the two results of call, a direct native
// call, are used only by Extracts in its block, at most one per result;
// their registers then receive the results and the Extracts have no op.
func (c *compiler) pairExtracts(call *ssa.Call) ([]*ssa.Extract, bool) {
	if t, ok := call.Type().(*types.Tuple); !ok || t.Len() != 2 || c.fastNative(call.Common()) == nil {
		return nil, false
	}
	return tupleExtracts(call)
}

// tupleExtracts returns the Extracts of the components of v, a call's
// results or a comma-ok value, by index, if they are its only uses, in
// its block (right after it, as SSA emits them: nothing between reads
// their registers), at most one per component.
func tupleExtracts(v interface {
	ssa.Value
	Block() *ssa.BasicBlock
}) ([]*ssa.Extract, bool) { // (a call, a Lookup, a TypeAssert)
	t, ok := v.Type().(*types.Tuple)
	if !ok || t.Len() < 2 {
		return nil, false
	}
	ext := make([]*ssa.Extract, t.Len())
	for _, r := range *v.Referrers() {
		e, ok := r.(*ssa.Extract)
		if !ok || e.Block() != v.Block() || ext[e.Index] != nil {
			return nil, false
		}
		ext[e.Index] = e
	}
	return ext, true
}

// commaOkDests returns the registers of the Extracts of ins, a map
// lookup or type assertion, if commaOkExtracts gives them (-1: not
// extracted): its op puts the value and the ok there, and the Extracts
// have no op (markSkips).
func (c *compiler) commaOkDests(ins ssa.Instruction) (e0, e1 int, direct bool) {
	ext := commaOkExtracts(ins)
	if ext == nil {
		return 0, 0, false
	}
	regs := c.extractRegs(ext)
	return regs[0], regs[1], true
}

// extractRegs returns the registers of the Extracts ext (tupleExtracts),
// -1 for a component not extracted.
func (c *compiler) extractRegs(ext []*ssa.Extract) []int {
	regs := make([]int, len(ext))
	for i, e := range ext {
		regs[i] = -1
		if e != nil {
			regs[i] = c.slots[e]
		}
	}
	return regs
}

// commaOkExtracts returns the Extracts of ins, a comma-ok map lookup or
// type assertion whose value and ok are only extracted (tupleExtracts),
// or nil: the one decision of both markSkips and the op (commaOkDests).
func commaOkExtracts(ins ssa.Instruction) []*ssa.Extract {
	var ext []*ssa.Extract
	switch ins := ins.(type) {
	case *ssa.Lookup:
		if ins.CommaOk {
			ext, _ = tupleExtracts(ins)
		}
	case *ssa.TypeAssert:
		if ins.CommaOk {
			ext, _ = tupleExtracts(ins)
		}
	}
	return ext
}

// setCommaOk delivers the result of a comma-ok operation: to the
// registers of its Extracts (commaOkDests), or as a tuple in d.
func setCommaOk(fr *frame, d, e0, e1 int, direct bool, v value, ok bool) {
	if !direct {
		fr.regs[d] = fr.g.m.tuple2(v, boolVal(ok))
		return
	}
	if e0 >= 0 {
		fr.regs[e0] = v
	}
	if e1 >= 0 {
		fr.regs[e1] = boolVal(ok)
	}
}

// noteTupleDests records, for each call of fn with several results
// that are only extracted (and not a direct native call, whose Extracts
// have no op), the registers of its Extracts (function.tupleDests).
func (c *compiler) noteTupleDests() {
	for _, b := range c.f.ssa.Blocks {
		for _, ins := range b.Instrs {
			call, ok := ins.(*ssa.Call)
			if !ok {
				continue
			}
			ext, ok := tupleExtracts(call)
			if _, paired := c.pairExtracts(call); !ok || paired {
				continue
			}
			if c.f.tupleDests == nil {
				c.f.tupleDests = make([][]int, c.f.cbase)
			}
			c.f.tupleDests[c.slots[call]] = c.extractRegs(ext)
		}
	}
}

// resultDests returns the registers of fr's caller that take fr's
// results directly (function.tupleDests), or nil: the results go to the
// caller as a tuple.
func (fr *frame) resultDests(n int) []int {
	caller := fr.caller
	if caller == nil || fr.boundary || fr.retSlot < 0 || fr.retSlot >= len(caller.fn.tupleDests) {
		return nil
	}
	if ds := caller.fn.tupleDests[fr.retSlot]; len(ds) == n {
		return ds
	}
	return nil
}

// fastNativeCall compiles a call of nf through its direct adapter.
func (c *compiler) fastNativeCall(nf *nativeFunc, args []int, dst int, ins ssa.Instruction) op {
	e0, e1 := -1, -1 // registers of the extracted results
	call, _ := ins.(*ssa.Call)
	if call != nil {
		if ext, ok := c.pairExtracts(call); ok {
			regs := c.extractRegs(ext)
			e0, e1 = regs[0], regs[1]
			dst = -1
		} else if len(*call.Referrers()) == 0 {
			dst = -1
		}
	}
	pair := e0 >= 0 || e1 >= 0
	return func(fr *frame) *frame {
		m := fr.g.m
		a := m.scratch[:len(args)]
		for k, s := range args {
			a[k] = fr.regs[s]
		}
		if nf.recv != noAccess && m.watch {
			m.receiverAccess(a[0], nf.recv == writes)
		}
		res := m.fastCall(nf, a)
		clear(a)
		switch {
		case pair:
			r := m.pairRes
			if _, ok := res.r.(pairMarker); !ok {
				r = [2]value(res.r.(agg))
			}
			if e0 >= 0 {
				fr.regs[e0] = r[0]
			}
			if e1 >= 0 {
				fr.regs[e1] = r[1]
			}
		case dst >= 0:
			fr.regs[dst] = m.fastResult(res)
		}
		return fr
	}
}
