package ssainterp

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"
)

// A Harness drives a value of the program from outside it, the way a
// test driver would: a host's hook hands it to HookCall.Drive in place of
// the hooked call. The driver calls the constructor New, then Init, starts
// Goroutines goroutines that each make the calls Next gives them (in
// Phases, if given), waits for them (as for a sync.WaitGroup, so their
// effects happen before what follows), calls Finish, and returns from the hooked call; the rest of the
// program goes on. Arguments are described, not given (Arg): the driver
// builds them in the execution, so each execution gets fresh ones.
type Harness struct {
	Caller string     // the hooked function, for messages: "tool.Component"
	Name   string     // the constructor, for messages: "NewCache"
	New    Value      // the constructor, a function value of the program
	Type   types.Type // what New returns: the driven value's type
	HasErr bool       // New returns (value, error)
	// NewArgs are the constructor's arguments (Method is not used; Sig
	// is the constructor's signature).
	NewArgs      HarnessCall
	Init, Finish *HarnessCall // methods called once before and after the goroutines
	// User are values of the program that arguments of kind ArgUser
	// name by index (interfaces holding them).
	User []Value
	// Funcs are the functions without parameters whose results
	// arguments of kind ArgFuncResult use (context.Background): the
	// driver calls each once, first.
	Funcs      [][2]string
	Goroutines int
	// Phases, if set, starts the goroutines in groups: the first
	// Phases[0], then, once they all returned, the next Phases[1]...
	// (they sum to Goroutines; nil: one group).
	Phases []int
	// Suspend lets the next phase start as soon as every goroutine of
	// the current one returned or is blocked (cannot move): a call
	// that blocks is suspended, not waited for, and a later phase may
	// wake it (Lincheck's suspended operations, for a sequential run of
	// calls each on a goroutine of its own in a phase of its own).
	Suspend bool
	// Settle, with Suspend, says of each phase whether it starts only
	// once every goroutine but the harness's own is done or blocked, the
	// component's too: what the calls before started has settled.
	Settle []bool
	// Next gives goroutine g its next call, or false when it is done;
	// choose is a choice point the exploring scheduler decides, for a
	// host that lets the search choose the calls.
	Next func(g int, choose func(n int) int) (HarnessCall, bool)
	// Settled, if set, is told before each call of Next whether the
	// goroutines the harness did not start (the component's own) are
	// settled: each done or blocked.
	Settled func(settled bool)
	// Started, if set, is told the id of goroutine g when it starts.
	Started func(g, id int)
	// Returned, if set, is told when each call of goroutine g returns,
	// and, in executions replayed to be reported (Config.Trace), what it
	// returned, as fmt's %v spells it ("" in the others: formatting
	// results costs).
	Returned func(g int, results string)
	// AllResults has Returned told the results in every execution, not
	// only in those replayed to be reported.
	AllResults bool
	// Check, if set, is called once the goroutines are done (before
	// Finish); a message it returns fails the test there, as t.Fatal.
	Check func() string
}

// A HarnessCall is a call of a method of the driven value.
type HarnessCall struct {
	Method string
	Sig    *types.Signature // without the receiver
	Args   []Arg            // per parameter of Sig, the value the driver builds
	// Release lists the results (by index) whose type, or whose slice's
	// element type, has a method Release(): before Finish, the harness
	// releases each non-nil one the call returned (each element of a
	// slice), as a caller gives back what it took.
	Release []int
}

// An Arg describes an argument the driver builds.
type Arg struct {
	Kind  ArgKind
	Const constant.Value // ArgConst
	Elems []Arg          // ArgSlice; ArgMap: key and value alternately
	Func  [2]string      // ArgFuncResult: package path and name
	Index int            // ArgUser
}

// ArgKind is the kind of an Arg.
type ArgKind uint8

const (
	ArgConst      ArgKind = iota // a constant of a basic type (Arg.Const)
	ArgNil                       // nil: a pointer, slice, map or interface
	ArgZero                      // the zero value of a struct or array
	ArgNew                       // a pointer to a new zero value
	ArgSlice                     // a slice of Arg.Elems
	ArgMap                       // a map of Arg.Elems, key and value alternately
	ArgNop                       // a function that does nothing and returns zero values
	ArgFuncResult                // the result of Arg.Func, a function without parameters
	ArgUser                      // Harness.User[Arg.Index]
)

// Drive runs h in place of the hooked call, which returns nothing. A
// program may drive one harness per execution.
func (c *HookCall) Drive(h *Harness) {
	m := c.m
	cl, _ := h.New.v.r.(*closure)
	if cl == nil || cl.fn.ssa == nil {
		c.Panic(h.Caller + ": the constructor is nil or not a Go function")
	}
	if m.harness != nil {
		unsupported("a second %s call in one test (check each in a test of its own)", h.Caller)
	}
	st := &harnessRun{h: h, funcs: map[[2]string]value{}}
	m.harness = st
	t := c.args[0]
	if i, ok := t.r.(*iface); ok {
		t = i.v // the *testing.T of an interface (mcheck.TestingT)
	}
	c.next = m.callDriver(c.fr, st, cl, t, c.fr.fn.posAt(c.fr.pc-1))
}

// PanickedGoroutine is the goroutine whose unrecovered panic ended the
// execution (see Panicked), or 0.
func (m *Machine) PanickedGoroutine() int {
	if !m.panicked {
		return 0
	}
	return m.panicG
}

// harnessRun is one run of a harness.
type harnessRun struct {
	h     *Harness
	recv  value // the driven value
	funcs map[[2]string]value
	done  int         // goroutines that finished
	held  []value     // results to release before Finish (HarnessCall.Release)
	rels  []*function // their Release methods
}

// callDriver pushes the driver: evaluate the Funcs, construct, init,
// start the goroutines, wait for them, finish. t is the hooked call's
// first argument, the test (a constructor that returns an error ends it).
func (m *Machine) callDriver(fr *frame, st *harnessRun, ctor *closure, t value, pos token.Pos) *frame {
	d := &harnessDriver{m: m, st: st, h: st.h, ctor: ctor, t: t, pos: pos, phases: st.h.Phases}
	fr.g.harness = true
	if d.phases == nil {
		d.phases = []int{st.h.Goroutines}
	}
	code := []op{
		d.funcResults, // 0
		d.construct,   // 1
		d.initialize,  // 2
		d.startPhase,  // 3
		d.waitPhase,   // 4
		d.finish,      // 5
		d.ret,         // 6
	}
	return m.enter(fr, m.synthetic(st.h.Caller, 1, pos, code), -1)
}

// harnessDriver is the state of the driver function of a harness run
// (callDriver); its methods are the function's ops, in order.
type harnessDriver struct {
	m        *Machine
	st       *harnessRun
	h        *Harness // st.h
	ctor     *closure
	t        value // the test
	pos      token.Pos
	nextFunc int          // the next of h.Funcs to call
	phases   []int        // the goroutines each phase starts
	phase    int          // the phase in progress
	runners  []*goroutine // the goroutines started so far
}

// funcResults (op 0) evaluates the values that are function results,
// one call at a time.
func (d *harnessDriver) funcResults(fr *frame) *frame {
	h := d.h
	if d.nextFunc > 0 {
		d.st.funcs[h.Funcs[d.nextFunc-1]] = fr.regs[0]
	}
	if d.nextFunc == len(h.Funcs) {
		return fr
	}
	f := h.Funcs[d.nextFunc]
	d.nextFunc++
	fr.pc--
	pkg := d.m.prog.ssa.ImportedPackage(f[0])
	if pkg == nil || pkg.Func(f[1]) == nil {
		unsupported("%s: no function %s.%s for a parameter value", h.Caller, f[0], f[1])
	}
	return d.m.callFunc(fr, d.m.prog.funcOf(pkg.Func(f[1])), nil, 0)
}

// construct (op 1) calls the constructor.
func (d *harnessDriver) construct(fr *frame) *frame {
	return d.m.callClosure(fr, d.ctor, d.m.harnessArgs(fr.g, d.st, d.h.NewArgs), 0)
}

// initialize (op 2) checks what the constructor returned and calls Init.
func (d *harnessDriver) initialize(fr *frame) *frame {
	m, h := d.m, d.h
	res := fr.regs[0]
	if h.HasErr {
		a := res.r.(agg)
		if a[1].r != nil {
			// Not a bug: these constructor arguments are
			// refused. The test ends here.
			return m.endTest(fr, d.t, fmt.Sprintf("%s: %s returned an error: %s", h.Caller, h.Name, m.reportValue(m.prog.rtypeOf(types.Universe.Lookup("error").Type()), a[1])), false)
		}
		res = a[0]
	}
	if res.r == nil {
		return m.endTest(fr, d.t, fmt.Sprintf("%s: %s returned a nil component", h.Caller, h.Name), true)
	}
	d.st.recv = res
	if h.Init == nil {
		return fr
	}
	return m.callMethod(fr, d.st, *h.Init)
}

// startPhase (op 3) starts the goroutines of the phase.
func (d *harnessDriver) startPhase(fr *frame) *frame {
	for range d.phases[d.phase] {
		i := len(d.runners)
		g := d.m.spawn(d.m.runner(d.st, i, d.pos), nil, d.pos)
		g.harness = true
		d.m.startTracking(fr.g, g)
		d.runners = append(d.runners, g)
		if d.h.Started != nil {
			d.h.Started(i, g.id)
		}
	}
	return fr
}

// waitPhase (op 4) waits for the goroutines, as for a sync.WaitGroup,
// then starts the next phase (op 3) or runs the harness's Check.
func (d *harnessDriver) waitPhase(fr *frame) *frame {
	h := d.h
	ready := func(*goroutine) bool { return d.phaseOver(fr.g) }
	if !d.m.visible(fr, &opDesc{kind: opModel, obj: d.st, wait: WaitHarness, ready: readyFunc(ready)}) {
		return stop(fr)
	}
	if d.phase++; d.phase < len(d.phases) {
		fr.pc = 3 // startPhase
		return fr
	}
	if h.Check != nil {
		if msg := h.Check(); msg != "" {
			return d.m.endTest(fr, d.t, h.Caller+": "+msg, true)
		}
	}
	return fr
}

// phaseOver reports whether the driver (on goroutine self) may go on
// from the phase: every runner is done, or, with Suspend and a phase to
// come, none of them (of every goroutine, if the next phase settles) is
// enabled.
func (d *harnessDriver) phaseOver(self *goroutine) bool {
	if d.st.done == len(d.runners) {
		return true
	}
	if d.h.Suspend && d.phase < len(d.phases)-1 {
		gs := d.runners
		if d.h.Settle != nil && d.h.Settle[d.phase+1] {
			gs = d.m.gs
		}
		for _, g := range gs {
			if g != self && g.state != gDone && d.m.enabled(g) {
				return false
			}
		}
		return true
	}
	return false
}

// finish (op 5) releases what the calls returned, one at a time, then
// calls Finish.
func (d *harnessDriver) finish(fr *frame) *frame {
	st := d.st
	if d.h.Finish == nil {
		return fr
	}
	if n := len(st.held); n > 0 {
		v, fn := st.held[n-1], st.rels[n-1]
		st.held, st.rels = st.held[:n-1], st.rels[:n-1]
		fr.pc--
		return d.m.callFunc(fr, fn, []value{v}, -1)
	}
	return d.m.callMethod(fr, st, *d.h.Finish)
}

// ret (op 6) returns.
func (d *harnessDriver) ret(fr *frame) *frame {
	fr.g.harness = false
	return d.m.ret(fr, value{})
}

// runner is the function of the harness's goroutine i: the calls Next
// gives it, in order.
func (m *Machine) runner(st *harnessRun, i int, pos token.Pos) *function {
	h := st.h
	var call HarnessCall
	code := []op{
		// 0: the next call, or the end.
		func(fr *frame) *frame {
			var ok bool
			if h.Settled != nil {
				h.Settled(m.othersSettled())
			}
			if call, ok = h.Next(i, m.choose); !ok {
				fr.pc = 2
				return fr
			}
			return m.callMethod(fr, st, call)
		},
		// 1: what it returned; loop.
		func(fr *frame) *frame {
			if h.Finish != nil {
				m.holdResults(st, call, fr.regs[0])
			}
			if h.Returned != nil {
				res := ""
				if m.cfg.Trace || h.AllResults {
					res = m.formatResults(call.Sig, fr.regs[0])
				}
				h.Returned(i, res)
			}
			fr.pc = 0
			return fr
		},
		// 2: done.
		func(fr *frame) *frame {
			st.done++
			m.syncWith(fr.g, st)
			return m.ret(fr, value{})
		},
	}
	return m.synthetic(fmt.Sprintf("%s.g%d", h.Caller, i+1), 1, pos, code)
}

// othersSettled reports whether every goroutine that is not a Harness's
// is done or blocked.
func (m *Machine) othersSettled() bool {
	for _, g := range m.live {
		if !g.harness && m.enabled(g) {
			return false
		}
	}
	return true
}

// callMethod makes call on the driven value; the result goes to register 0.
func (m *Machine) callMethod(fr *frame, st *harnessRun, call HarnessCall) *frame {
	recv := st.recv
	var fn *function
	if i, ok := recv.r.(*iface); ok {
		fn = i.t.method(call.Method)
		recv = i.v
	} else {
		fn = m.prog.rtypeOf(st.h.Type).method(call.Method)
	}
	if fn == nil {
		unsupported("%s: cannot call %s.%s (a method of a type that is not interpreted)", st.h.Caller, st.h.Type, call.Method)
	}
	all := append([]value{recv}, m.harnessArgs(fr.g, st, call)...)
	return m.callFunc(fr, fn, all, 0)
}

// harnessArgs builds the arguments of call.
func (m *Machine) harnessArgs(g *goroutine, st *harnessRun, call HarnessCall) []value {
	vs := make([]value, len(call.Args))
	for i, a := range call.Args {
		vs[i] = m.argValue(g, st, a, call.Sig.Params().At(i).Type())
	}
	return vs
}

// argValue builds a of type t.
func (m *Machine) argValue(g *goroutine, st *harnessRun, a Arg, t types.Type) value {
	rt := m.prog.rtypeOf(t)
	switch a.Kind {
	case ArgConst:
		if types.IsInterface(t) {
			dt := types.Default(constantType(a.Const))
			return value{r: &iface{t: m.prog.rtypeOf(dt), v: m.argValue(g, st, a, dt)}}
		}
		switch c := a.Const; {
		case c.Kind() == constant.Bool:
			return boolVal(constant.BoolVal(c))
		case c.Kind() == constant.String:
			return strVal(constant.StringVal(c))
		case rt.kind.isFloat():
			f, _ := constant.Float64Val(c)
			if rt.kind == kFloat32 {
				f = float64(float32(f))
			}
			return f64Val(f)
		case rt.kind.isComplex():
			re, _ := constant.Float64Val(constant.Real(c))
			im, _ := constant.Float64Val(constant.Imag(c))
			return value{r: complex(re, im)}
		case rt.kind.isUnsigned():
			u, _ := constant.Uint64Val(c)
			return value{n: u}
		default:
			n, _ := constant.Int64Val(c)
			return intVal(n)
		}
	case ArgNil:
		return value{}
	case ArgZero:
		return rt.zero()
	case ArgNew:
		et := rt.elem
		if et.kind == kNative {
			return value{r: et.zero().r.(reflect.Value).Addr()}
		}
		cell := &value{}
		*cell = et.zero()
		if m.watch {
			m.allocated(g, cell)
		}
		return value{r: cell}
	case ArgSlice:
		el := t.Underlying().(*types.Slice).Elem()
		s := make([]value, len(a.Elems))
		for i, e := range a.Elems {
			s[i] = m.argValue(g, st, e, el)
		}
		if m.watch {
			m.allocatedSlice(g, s)
		}
		return value{r: s}
	case ArgMap:
		mt := t.Underlying().(*types.Map)
		mp := newMap(rt, m)
		for i := 0; i+1 < len(a.Elems); i += 2 {
			mp.set(m.argValue(g, st, a.Elems[i], mt.Key()), m.argValue(g, st, a.Elems[i+1], mt.Elem()))
		}
		return value{r: mp}
	case ArgNop:
		return value{r: &closure{fn: m.nop(t.Underlying().(*types.Signature))}}
	case ArgFuncResult:
		return st.funcs[a.Func]
	case ArgUser:
		u := st.h.User[a.Index].v
		if types.IsInterface(t) {
			return u
		}
		return copyVal(u.r.(*iface).v)
	}
	panic(fmt.Sprintf("argValue: kind %d", a.Kind))
}

func constantType(c constant.Value) types.Type {
	switch c.Kind() {
	case constant.Bool:
		return types.Typ[types.UntypedBool]
	case constant.String:
		return types.Typ[types.UntypedString]
	case constant.Float:
		return types.Typ[types.UntypedFloat]
	case constant.Complex:
		return types.Typ[types.UntypedComplex]
	}
	return types.Typ[types.UntypedInt]
}

// synthetic makes a function of code run on an interpreted frame.
func (m *Machine) synthetic(name string, nregs int, pos token.Pos, code []op) *function {
	f := &function{prog: m.prog, name: name, nregs: nregs, code: code}
	f.pos = make([]token.Pos, len(code))
	for i := range f.pos {
		f.pos[i] = pos
	}
	f.once.Do(func() {})
	return f
}

// nop returns a function of signature sig that returns zero values.
func (m *Machine) nop(sig *types.Signature) *function {
	res := value{}
	switch n := sig.Results().Len(); n {
	case 0:
	case 1:
		res = m.prog.rtypeOf(sig.Results().At(0).Type()).zero()
	default:
		a := make(agg, n)
		for i := range a {
			a[i] = m.prog.rtypeOf(sig.Results().At(i).Type()).zero()
		}
		res = value{r: a}
	}
	f := m.synthetic("nop", sig.Params().Len(), token.NoPos, []op{
		func(fr *frame) *frame { return m.ret(fr, copyVal(res)) },
	})
	f.nparams = sig.Params().Len()
	return f
}

// formatResults spells a call's results as fmt's %v would, for reports
// (reportValue: cycle-safe and bounded).
func (m *Machine) formatResults(sig *types.Signature, res value) string {
	n := sig.Results().Len()
	if n == 0 {
		return ""
	}
	vals := []value{res}
	if n > 1 {
		vals = res.r.(agg)
	}
	parts := make([]string, n)
	for i := range n {
		parts[i] = m.reportValue(m.prog.rtypeOf(sig.Results().At(i).Type()), vals[i])
	}
	return strings.Join(parts, ", ")
}

// endTest logs msg and ends the test's goroutine, as t.Fatal (fail) or
// t.SkipNow.
func (m *Machine) endTest(fr *frame, t value, msg string, fail bool) *frame {
	ts := m.testOf(t)
	m.logTest(ts, m.prog.shortPos(fr.fn.posAt(fr.pc-1))+": "+msg)
	if fail {
		ts.fail()
	}
	m.startPanic(fr.g, value{}, true)
	return fr.g.top
}

// holdResults keeps the results of call that have a Release method, to
// be released before Finish (HarnessCall.Release); res is what the call
// returned (a tuple if it returns several values).
func (m *Machine) holdResults(st *harnessRun, call HarnessCall, res value) {
	for _, k := range call.Release {
		v := res
		if call.Sig.Results().Len() > 1 {
			v = res.r.(agg)[k]
		}
		t := call.Sig.Results().At(k).Type()
		vs := []value{v}
		if s, ok := t.Underlying().(*types.Slice); ok {
			t, vs = s.Elem(), v.slice()
		}
		fn := m.prog.rtypeOf(t).method("Release")
		if fn == nil {
			unsupported("%s: cannot call %s.Release (a method of a type that is not interpreted)", st.h.Caller, t)
		}
		for _, v := range vs {
			if !isNilRef(v.r) {
				st.held, st.rels = append(st.held, v), append(st.rels, fn)
			}
		}
	}
}
