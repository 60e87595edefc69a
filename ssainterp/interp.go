package ssainterp

import (
	"fmt"
	"go/token"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/ssa"
)

// op is one compiled instruction. It runs with fr as the current frame and
// returns the frame to continue with: fr itself, a callee, a caller, or nil
// when the goroutine stops (before a visible operation, blocked, or done).
// Inv: when an op runs, fr == fr.g.top and fr.pc indexes the next op.
type op func(fr *frame) *frame

// function is the compiled form of an ssa.Function.
type function struct {
	prog *Program
	ssa  *ssa.Function
	name string
	// traced is traceName's result, made once: reports and leak checks
	// name the functions of every goroutine left blocked, at the end of
	// every such execution.
	traced atomic.Pointer[string]

	once     sync.Once
	compiled atomic.Bool // once has run
	err      error       // compile error (unsupported construct)
	code     []op
	pos      []token.Pos // source position per pc
	instr    []ssa.Instruction
	weight   []uint16 // SSA instructions per op: 1 + those folded into it
	insts    []inst   // the ops' plain forms (dispatch.go)
	nregs    int
	nparams  int
	nfree    int
	consts   []value // copied into regs[constBase:] by newFrame
	cbase    int
	globals  []globalRef
	recovPC  int // pc of the Recover block, -1 if none
	nresults int
	// scalars are the registers of bool, integer and float values,
	// whose r must be nil: many ops write only their n.
	scalars []int
	// tupleDests, by the register of a call with several results whose
	// results are only extracted (call.go, resultDests): the registers
	// of the Extracts (-1 for a result not extracted), where an
	// interpreted callee's Return puts them without making a tuple.
	tupleDests [][]int

	// pool is the index of fn's pool of released frames in
	// Machine.framePools (newFrame), 0 for a function without one (not
	// compiled from SSA by compileOnce).
	pool int32

	model      modelFunc // non-nil: a modelled function
	external   bool      // a model or a bridged function: no SSA body to run
	runner     bool      // testing.tRunner: a Goexit stops unwinding here
	quiet      bool      // its memory accesses are not scheduling points (see quietFunc)
	native     *nativeFunc
	nativeOnce sync.Once
}

type globalRef struct {
	slot   int
	g      int    // index into Machine.globals
	zero   *rtype // the global's type if its zero value is not value{} (see lazyZero)
	preset preset // its value before initialisation, if made lazily (lazyPreset)
}

// frame is the activation record of one interpreted call.
type frame struct {
	fn      *function
	code    []op
	regs    []value
	pc      int
	caller  *frame
	g       *goroutine
	defers  []deferred
	retSlot int // register of caller receiving the result, -1 for none

	// unwinding is set while fr runs deferred calls because of a panic
	// or runtime.Goexit.
	unwinding bool
	// deferCall is set on the frame of a call made by a defer
	// statement while unwinding: recover() there may stop the panic.
	deferCall *panicRec
	// boundary is set on the bottom frame of a call made from native
	// code (a callback): returning from it ends the nested run loop.
	boundary bool
	// constsOf is the function whose constants and globals the
	// registers hold: a pooled frame that ran fn before needs no copy
	// (those registers are never written).
	constsOf *function
	// pool is where fr goes when its call returns: the pool of its
	// function's frames on the machine, nil for the free list.
	pool *framePool
	// below is the next frame of fr's pool while fr is in it.
	below *frame
	// touched says that fr is in Machine.touched: it ran a call on the
	// machine, so its registers hold the machine's values.
	touched bool
}

type deferred struct {
	fn   value // *closure or native function
	args []value
}

// panicRec is one panic in flight on a goroutine.
type panicRec struct {
	val       value // interface value (type any)
	recovered bool
	goexit    bool
	link      *panicRec // the panic this one interrupted
	repanic   bool
	trace     string // the goroutine's stack where the panic began
}

// goPanic carries an interpreted panic through the host stack between the
// op that raised it and the run loop that unwinds interpreted frames.
type goPanic struct {
	val value
	err *runtimeError // a run-time error, boxed lazily
}

// exitSignal ends the whole program (os.Exit, fatal errors).
type exitSignal struct{ code int }

// internalFault is a bug or unsupported construct of the interpreter, not
// of the checked program.
type internalFault struct {
	msg   string
	pos   string
	limit bool // a bound of mcheck's was reached (IsLimit); msg names the place
}

func (e *internalFault) Error() string {
	if e.pos != "" && !e.limit {
		return e.pos + ": " + e.msg
	}
	return e.msg
}

// unsupported raises an internal fault naming a construct we cannot run.
func unsupported(format string, args ...any) {
	panic(&internalFault{msg: "unsupported: " + fmt.Sprintf(format, args...)})
}

// newFrame allocates a frame for fn on goroutine g.
func (m *Machine) newFrame(fn *function, g *goroutine) *frame {
	fn.compile()
	if fn.err != nil {
		panic(&internalFault{msg: fn.err.Error()})
	}
	g.depth++
	if g.depth > m.cfg.MaxDepth {
		m.depthLimit(g, fn)
	}
	if id := int(fn.pool); id < len(m.framePools) {
		if p := m.framePools[id]; p != nil && p.top != nil {
			// A frame that ran fn: its constants are in place, and
			// so are its globals if it ran fn on this machine.
			fr := p.pop(g)
			if m.cfg.Fingerprints {
				clear(fr.regs[:fn.cbase])
			}
			if !fr.touched {
				m.touch(fr)
				m.setGlobals(fr)
			}
			return fr
		}
	}
	var fr *frame
	if i := m.freeFrameFor(fn); i >= 0 {
		fr = m.free[i]
		n := len(m.free) - 1
		m.free[i] = m.free[n]
		m.free = m.free[:n]
		// Field by field: cheaper than a composite-literal store. The
		// fields release leaves set (caller, deferCall) are nil.
		if cap(fr.regs) >= fn.nregs {
			fr.regs = fr.regs[:fn.nregs]
		} else {
			// Room to spare, so that the frame serves the larger
			// functions of the call chains it is reused for.
			fr.regs = make([]value, fn.nregs, max(fn.nregs, 2*cap(fr.regs), 16))
			fr.constsOf = nil
		}
		fr.fn, fr.code, fr.g = fn, fn.code, g
		fr.pc, fr.retSlot = 0, -1
		fr.defers = fr.defers[:0]
		fr.unwinding, fr.boundary = false, false
		if m.cfg.Fingerprints {
			clear(fr.regs[:fn.cbase])
		}
		if fr.constsOf == fn {
			return fr
		}
		// Another function's values. Ops that write only the scalar
		// word of a register (n) rely on its r being nil; the other
		// registers are written before they are read.
		for _, s := range fn.scalars {
			fr.regs[s].r = nil
		}
	} else {
		fr = &frame{fn: fn, code: fn.code, g: g, retSlot: -1, regs: make([]value, fn.nregs)}
	}
	fr.constsOf = fn
	copy(fr.regs[fn.cbase:], fn.consts)
	fr.pool = m.framePoolOf(fn)
	if fr.pool != nil && !fr.touched {
		m.touch(fr)
	}
	m.setGlobals(fr)
	return fr
}

// setGlobals puts the addresses of the machine's globals that fr's
// function uses in its registers.
func (m *Machine) setGlobals(fr *frame) {
	fn := fr.fn
	for _, gr := range fn.globals {
		if gr.g < 0 {
			fr.regs[gr.slot] = m.ownVar(-gr.g)
			continue
		}
		c := &m.globals[gr.g]
		switch c.r.(type) {
		case nil:
			switch {
			case gr.preset != nil:
				*c = gr.preset.value(m.prog) // see lazyPreset
			case gr.zero != nil:
				*c = gr.zero.zero() // see Machine.zeroGlobals
			}
		case pendingGlobal:
			m.materialize(int(c.n)) // see initsnap.go
		}
		fr.regs[gr.slot] = value{r: c}
	}
}

// framePool is a function's released frames (Machine.framePools): a
// stack linked through frame.below, of at most maxPool.
type framePool struct {
	top *frame
	n   int32
}

// pop takes the frame on top of p, which is not empty, for a call on g:
// its pc, result slot (none), deferred calls and unwinding state reset.
func (p *framePool) pop(g *goroutine) *frame {
	fr := p.top
	p.top, fr.below = fr.below, nil
	p.n--
	fr.g, fr.pc, fr.retSlot = g, 0, -1
	fr.defers = fr.defers[:0]
	fr.unwinding, fr.boundary = false, false
	return fr
}

// touch records that fr, a frame of a function with a pool, runs on m.
func (m *Machine) touch(fr *frame) {
	fr.touched = true
	m.touched = append(m.touched, fr)
}

// maxPool bounds the released frames kept per function (deeper
// recursion returns its frames to Machine.free).
const maxPool = 32

// freeFrameFor picks the free frame for a call of fn, or -1 for a new
// one: one of the last few released that ran fn (its constants are in
// place), else the earliest released of those few with room for fn's
// registers, else the earliest, so that calls alternating between
// functions (an interface call site with two dynamic types) each keep
// their own frame.
func (m *Machine) freeFrameFor(fn *function) int {
	n := len(m.free)
	lo := max(0, n-freeSearch)
	fits := -1
	for i := n - 1; i >= lo; i-- {
		if m.free[i].constsOf == fn {
			return i
		}
		if cap(m.free[i].regs) >= fn.nregs {
			fits = i
		}
	}
	if fits >= 0 {
		return fits
	}
	// A large function: a frame with room for it deeper in the list
	// (the first call of an execution, or one after many small ones),
	// rather than a small one grown.
	for i := lo - 1; i >= max(0, lo-freeDeep); i-- {
		if cap(m.free[i].regs) >= fn.nregs {
			return i
		}
	}
	if n < freeSearch {
		return -1
	}
	return lo
}

// freeDeep is how many more of the released frames a call looks at for
// one with room for its registers.
const freeDeep = 64

// freeSearch is how many of the last released frames a call looks at.
const freeSearch = 4

// release returns a frame that has returned to the machine's free list.
// Inv: nothing refers to fr once its call has returned (the only
// registers addressed are the cells of variables that do not escape the
// call, compiler.cells; the others live in their own cells), so its
// storage can serve the next call.
func (m *Machine) release(fr *frame) {
	// The registers are not cleared: every value register is written
	// before it is read (SSA's dominance). Scalar registers must have a
	// nil r; newFrame clears it when the function changes.
	fr.caller, fr.g, fr.deferCall = nil, nil, nil
	// The deferred calls were cleared as they ran.
	if p := fr.pool; p != nil && p.n < maxPool && len(fr.defers) == 0 {
		fr.below, p.top = p.top, fr
		p.n++
		return
	}
	clear(fr.defers[:cap(fr.defers)])
	fr.defers = fr.defers[:0]
	m.free = append(m.free, fr)
}

// framePoolOf returns m's pool of released frames of fn, nil for a function
// without one.
func (m *Machine) framePoolOf(fn *function) *framePool {
	id := int(fn.pool)
	if id == 0 {
		return nil
	}
	if id >= len(m.framePools) {
		m.framePools = append(m.framePools, make([]*framePool, id+1-len(m.framePools))...)
	}
	p := m.framePools[id]
	if p == nil {
		p = &framePool{}
		m.framePools[id] = p
	}
	return p
}

// runG runs g until it stops: before its next visible operation, blocked,
// finished, or until the program exits.
func (m *Machine) runG(g *goroutine) {
	for g.top != nil && !m.exited {
		if m.runSafe(g) {
			return
		}
	}
}

// runSafe runs the dispatch loop, turning interpreted panics into
// unwinding. It returns false when the loop should resume (a panic moved
// control to a deferred call).
func (m *Machine) runSafe(g *goroutine) (stopped bool) {
	defer func() {
		if r := recover(); r != nil {
			stopped = m.handleHostPanic(g, r)
		}
	}()
	m.popArgs(0) // no call is in progress at the top of the loop
	fr := g.top
	if m.cfg.CountOps {
		for fr != nil {
			c := fr.code[fr.pc]
			m.ops++
			if w := fr.fn.weight; fr.pc < len(w) { // synthetic functions have none
				m.ops += int64(w[fr.pc]) - 1
			}
			fr.pc++
			fr = c(fr)
		}
		return true
	}
	m.dispatch(fr)
	return true
}

// handleHostPanic classifies a host panic raised while running g.
func (m *Machine) handleHostPanic(g *goroutine, r any) (stopped bool) {
	switch x := r.(type) {
	case *goPanic:
		if x.err != nil {
			x.val = m.errValue(x.err)
		}
		m.startPanic(g, x.val, false)
		return g.top == nil
	case *exitSignal:
		m.exited = true
		return true
	case *internalFault:
		if x.pos == "" && g.top != nil {
			x.pos = g.top.position()
		}
		m.fault = x
		m.exited = true
		m.exitCode = 3
		return true
	case *nestedPanic:
		panic(x) // travels to the native caller
	}
	if re, ok := r.(runtime.Error); ok && strings.Contains(re.Error(), "stack overflow") {
		panic(r)
	}
	if f, ok := r.(interface{ Addr() uintptr }); ok {
		if addr, ok := m.unmappedAt(f.Addr()); ok {
			m.faultAt(g, addr)
			return true
		}
	}
	where := ""
	if g.top != nil {
		where = g.top.position()
		if i := g.top.pc - 1; i >= 0 && i < len(g.top.fn.instr) && g.top.fn.instr[i] != nil {
			where += fmt.Sprintf(" (in %s: %s)", g.top.fn.name, g.top.fn.instr[i])
		}
	}
	m.fault = &internalFault{msg: fmt.Sprintf("internal error: %v\n%s", r, stackOf()), pos: where}
	m.exited = true
	m.exitCode = 3
	return true
}

func stackOf() string {
	buf := make([]byte, 8192)
	return string(buf[:runtime.Stack(buf, false)])
}

// position returns file:line of the instruction fr is executing.
func (fr *frame) position() string {
	i := fr.pc - 1
	if i < 0 {
		i = 0
	}
	if i < len(fr.fn.pos) {
		if p := fr.fn.pos[i]; p.IsValid() {
			pos := fr.fn.prog.fset.Position(p)
			return fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
		}
	}
	return fr.fn.name
}

// startPanic begins unwinding g with panic value v (an interface value).
func (m *Machine) startPanic(g *goroutine, v value, goexit bool) {
	g.panic = &panicRec{val: v, goexit: goexit, link: g.panic, trace: m.goroutineTrace(g)}
	m.unwind(g)
}

// unwind continues unwinding g's stack: it calls the next deferred
// function, resumes a frame whose deferred call recovered, or ends the
// goroutine (a fatal panic kills the program).
func (m *Machine) unwind(g *goroutine) {
	for {
		fr := g.top
		if fr == nil {
			m.panicExit(g)
			return
		}
		p := g.panic
		if p.recovered {
			// The deferred call that recovered has returned: fr
			// resumes at its Recover block, which runs the remaining
			// deferred calls and returns the named results.
			g.panic = p.link
			for g.panic != nil && g.panic.recovered {
				g.panic = g.panic.link
			}
			fr.unwinding = false
			fr.pc = fr.fn.recovPC
			return
		}
		if n := len(fr.defers); n > 0 {
			d := fr.defers[n-1]
			fr.defers[n-1] = deferred{}
			fr.defers = fr.defers[:n-1]
			fr.unwinding = true
			callee := m.callDeferred(fr, d)
			if callee != nil {
				callee.deferCall = p
				g.top = callee
				return
			}
			continue // native or modelled deferred call completed
		}
		if p.goexit && fr.fn.runner {
			// runtime.Goexit (t.FailNow) ends the test function, not
			// the test runner, which goes on with the cleanups.
			g.panic = p.link
			fr.unwinding = false
			return
		}
		if fr.boundary {
			g.top = fr.caller
			g.depth--
			g.panic = p.link
			panic(&nestedPanic{p: p, text: m.panicString(p.val)})
		}
		g.top = fr.caller
		g.depth--
	}
}

// nestedPanic carries an interpreted panic out of a callback into the
// native code that called it.
type nestedPanic struct {
	p    *panicRec
	text string
}

// Error lets native code that recovers the panic print it (fmt prints
// "%!v(PANIC=String method: text)").
func (n *nestedPanic) Error() string { return n.text }

// panicExit reports a panic that unwound the whole stack of g: the program
// dies with exit status 2 as Go's does.
func (m *Machine) panicExit(g *goroutine) {
	p := g.panic
	if p.goexit {
		g.panic = nil
		m.goroutineDone(g)
		return
	}
	var chain []*panicRec
	for q := p; q != nil; q = q.link {
		chain = append(chain, q)
	}
	info := &Panic{Goroutine: g.id}
	for i := len(chain) - 1; i >= 0; i-- {
		q := chain[i]
		info.Chain = append(info.Chain, PanicValue{Text: m.panicString(q.val), Recovered: q.recovered, Repanicked: q.recovered && q.repanic})
	}
	var b strings.Builder
	for i, v := range info.Chain {
		if i > 0 {
			b.WriteString("\t")
		}
		b.WriteString("panic: " + v.String() + "\n")
	}
	if isNilDeref(p.val) {
		b.WriteString("[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n")
	}
	fmt.Fprintf(&b, "\ngoroutine %d [running]:\n", g.id)
	b.WriteString(p.trace)
	m.writeStderr(b.String())
	m.panicMsg, _, _ = strings.Cut(b.String(), "\n\ngoroutine")
	m.exitCode = 2
	m.exited = true
	m.panicked = true
	m.panicG = g.id
	m.panicInfo = info
}

// A Panic is what ended an execution that panicked (Machine.PanicInfo):
// the chain of panics of the goroutine, or a fatal error of the runtime.
type Panic struct {
	Goroutine int          // the goroutine that panicked (0 for a fatal error)
	Chain     []PanicValue // the panics, the first one first, as the runtime prints them
	Fatal     string       // a fatal error's message ("concurrent map writes"), without the chain
}

// A PanicValue is one panic of a chain.
type PanicValue struct {
	Text                  string // the value as the runtime prints it
	Recovered, Repanicked bool
}

// String spells v as the runtime's report does after "panic: ".
func (v PanicValue) String() string {
	switch {
	case v.Repanicked:
		return v.Text + " [recovered, repanicked]"
	case v.Recovered:
		return v.Text + " [recovered]"
	}
	return v.Text
}

// Head is the first line of p's report, without "panic: ": the first
// panic of the chain ("index out of range [3] with length 2"), or
// "fatal error: " and the message.
func (p *Panic) Head() string {
	if p.Fatal != "" {
		return "fatal error: " + p.Fatal
	}
	return p.Chain[0].String()
}

// fatal ends the program with a runtime fatal error ("fatal error: msg").
func (m *Machine) fatal(msg, prefix string) {
	m.writeStderr(prefix + "fatal error: " + msg + "\n")
	m.exitCode = 2
	m.exited = true
	m.fatalMsg = msg
	panic(&exitSignal{2})
}
