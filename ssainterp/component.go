package ssainterp

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/envgen"
)

// The model of mcheck.Component inside an interpreted test. The test runs
// as usual up to the call; then, if the machine was given a component
// environment (Config.Component and Config.Plan), the call constructs the
// component, runs the environment's goroutines (package envgen), waits
// for them, and returns; the rest of the test goes on. Without an
// environment, the call is reported to Config.Probe, which learns the
// constructor's signature and the user's values, and the execution ends
// there.

// ComponentProbe is what the probe learns at the call (of mcheck.Run
// too, see testing.go: then Run is set and only Options is).
type ComponentProbe struct {
	Ctor    string           // the constructor's name, "NewCache"
	Sig     *types.Signature // its signature
	User    []types.Type     // the types of the values given with mcheck.Values, in order
	Options []TestOption     // the other options of the call
	Run     bool             // the call was mcheck.Run
}

// TestOption is an option the test passed to mcheck.Run or
// mcheck.Component, read from the interpreted call, so that mcheck test
// can honour it as go test does: the name of the function of package
// mcheck that made it ("Methods") and the values it captured, by
// parameter name, as Go values (string, int64, uint64, bool, []string).
type TestOption struct {
	Name       string
	Args       map[string]any
	Unreadable bool // not an option of package mcheck: Name is its function's
}

const mcheckPath = "github.com/mcheck-dev/mcheck"

// testOptions reads the options (a []Option) of an mcheck.Run or
// mcheck.Component call; mcheck.Values, whose values are the
// interpreter's, is left to the caller. An option that is not a function
// of package mcheck (a user's own func(*gotest.Config)) cannot be read:
// it comes back with the name of its function and Unreadable set (go
// test applies it natively; mcheck test cannot).
func (m *Machine) testOptions(opts value) []TestOption {
	var out []TestOption
	for _, o := range opts.slice() {
		cl, _ := o.r.(*closure)
		if cl == nil {
			continue // a nil option: go test would call it and crash
		}
		if cl.fn == m.prog.valuesMarker() {
			continue
		}
		fn := cl.fn.ssa
		if fn == nil || fn.Parent() == nil || fn.Parent().Pkg == nil || fn.Parent().Pkg.Pkg.Path() != mcheckPath {
			out = append(out, TestOption{Name: cl.fn.name, Unreadable: true})
			continue
		}
		opt := TestOption{Name: fn.Parent().Name(), Args: map[string]any{}}
		for k, fv := range fn.FreeVars {
			if k >= len(cl.bindings) {
				break
			}
			t, v := fv.Type(), cl.bindings[k]
			if pt, ok := t.Underlying().(*types.Pointer); ok {
				// A captured variable that is also assigned: a cell.
				c, _ := v.r.(*value)
				if c == nil {
					continue
				}
				t, v = pt.Elem(), *c
			}
			opt.Args[fv.Name()] = optionValue(t, v)
		}
		out = append(out, opt)
	}
	return out
}

// optionValue converts a captured value of an option to Go.
func optionValue(t types.Type, v value) any {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return v.str()
		case u.Info()&types.IsBoolean != 0:
			return v.bool()
		case u.Info()&types.IsUnsigned != 0:
			return v.n
		case u.Info()&types.IsInteger != 0:
			return v.int()
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			var ss []string
			for _, e := range v.slice() {
				ss = append(ss, e.str())
			}
			return ss
		}
	}
	return nil
}

// compState is one run of an environment.
type compState struct {
	c       *envgen.Component
	plan    *envgen.Plan
	recv    value   // the component
	user    []value // mcheck.Values, as interfaces
	funcs   map[[2]string]value
	done    int // goroutines of the environment that finished
	calls   [][]envgen.Call
	ids     []int      // the goroutines' ids
	results [][]string // with Config.Trace: what each call returned
}

// SetComponent gives the machine the component and environment its
// test's mcheck.Component call runs; call it before the execution starts.
func (m *Machine) SetComponent(c *envgen.Component, p *envgen.Plan) {
	m.cfg.Component, m.cfg.Plan = c, p
}

// ComponentCalls returns, per goroutine of the environment, its id, the
// calls it started and (for executions run with Config.Trace) what the
// calls that returned returned. It is empty if the environment did not
// start.
func (m *Machine) ComponentCalls() (ids []int, calls [][]envgen.Call, results [][]string) {
	st := m.comp
	if st == nil {
		return nil, nil, nil
	}
	results = st.results
	if m.panicked && m.cfg.Trace {
		// The call in progress on the goroutine that panicked panicked.
		for i, id := range st.ids {
			if id == m.panicG && len(st.results[i]) < len(st.calls[i]) {
				msg, _, _ := strings.Cut(strings.TrimPrefix(m.panicMsg, "panic: "), "\n")
				results = slices.Clone(results)
				results[i] = append(slices.Clone(results[i]), "panic: "+msg)
			}
		}
	}
	return st.ids, st.calls, results
}

func init() {
	models["github.com/mcheck-dev/mcheck.Values"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, value{r: &closure{fn: m.prog.valuesMarker(), bindings: []value{args[0]}}})
		return fr
	}
	models["github.com/mcheck-dev/mcheck.Choose"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		n := int64(args[0].n)
		if n <= 0 {
			throwPanic(m.stringPanic(fmt.Sprintf("mcheck.Choose(%d): the number of alternatives must be positive", n)))
		}
		set(fr, dst, intVal(int64(m.choose(int(n)))))
		return fr
	}
	models["github.com/mcheck-dev/mcheck.Component"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		return m.component(fr, args)
	}
}

// valuesMarker is the function of the option mcheck.Values returns in an
// interpreted test: a func(*gotest.Config) that does nothing there, whose
// binding holds the values.
func (p *Program) valuesMarker() *function {
	p.valuesOnce.Do(func() {
		f := &function{prog: p, name: "mcheck.Values.func1", nparams: 1, nregs: 2}
		f.code = []op{func(fr *frame) *frame { return fr.g.m.ret(fr, value{}) }}
		f.pos = make([]token.Pos, 1)
		f.once.Do(func() {})
		p.valuesFn = f
	})
	return p.valuesFn
}

// component runs mcheck.Component(t, New, opts...) in frame fr.
func (m *Machine) component(fr *frame, args []value) *frame {
	var ctor *closure
	if i, ok := args[1].r.(*iface); ok {
		ctor, _ = i.v.r.(*closure)
	}
	if ctor == nil || ctor.fn.ssa == nil {
		throwPanic(m.stringPanic("mcheck.Component: the constructor is nil or not a Go function"))
	}
	var user []value
	var userTypes []types.Type
	opts, _ := args[2].r.([]value)
	for _, o := range opts {
		cl, _ := o.r.(*closure)
		if cl == nil || cl.fn != m.prog.valuesMarker() {
			continue
		}
		vs, _ := cl.bindings[0].r.([]value)
		for _, v := range vs {
			i, _ := v.r.(*iface)
			if i == nil || i.t.t == nil {
				throwPanic(m.stringPanic("mcheck.Values: an untyped nil has no type to give values for; write (*T)(nil)"))
			}
			user = append(user, v)
			userTypes = append(userTypes, i.t.t)
		}
	}
	pos := fr.fn.posAt(fr.pc - 1)
	if m.cfg.Plan == nil {
		if m.cfg.Probe == nil {
			unsupported("mcheck.Component outside mcheck.Component's own exploration (run the test with go test)")
		}
		m.cfg.Probe(ComponentProbe{Ctor: m.ctorName(ctor.fn.ssa), Sig: ctor.fn.ssa.Signature, User: userTypes, Options: m.testOptions(args[2])})
		m.exit(0)
		return nil
	}
	if m.comp != nil {
		unsupported("a second mcheck.Component call in one test (check each component in a test of its own)")
	}
	st := &compState{c: m.cfg.Component, plan: m.cfg.Plan, user: user, funcs: map[[2]string]value{}}
	m.comp = st
	return m.callDriver(fr, st, ctor, args[0], pos)
}

// ctorName names the constructor for messages: "NewCache",
// "(*Pool).New", "the function literal at cache_test.go:16".
func (m *Machine) ctorName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		return "the function literal at " + m.prog.shortPos(fn.Pos())
	}
	name, _, _ := strings.Cut(fn.Name(), "$")
	if r := fn.Signature.Recv(); r != nil {
		name = "(" + types.TypeString(r.Type(), func(*types.Package) string { return "" }) + ")." + name
	}
	return name
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

// callDriver pushes the driver of the environment: evaluate the values
// that are calls (context.Background()), construct, init, start the
// goroutines, wait for them, finish.
func (m *Machine) callDriver(fr *frame, st *compState, ctor *closure, t value, pos token.Pos) *frame {
	c, plan := st.c, st.plan
	var funcs [][2]string
	for _, ds := range m.allDomains() {
		for _, d := range ds {
			for _, v := range d.Values {
				if v.Kind == envgen.FuncResult {
					if _, ok := st.funcs[v.Func]; !ok {
						st.funcs[v.Func] = value{}
						funcs = append(funcs, v.Func)
					}
				}
			}
		}
	}
	nextFunc := 0
	var runners []*goroutine
	code := []op{
		// 0: the values that are function results, one call at a time.
		func(fr *frame) *frame {
			if nextFunc > 0 {
				st.funcs[funcs[nextFunc-1]] = fr.regs[0]
			}
			if nextFunc == len(funcs) {
				return fr
			}
			f := funcs[nextFunc]
			nextFunc++
			fr.pc--
			pkg := m.prog.ssa.ImportedPackage(f[0])
			if pkg == nil || pkg.Func(f[1]) == nil {
				unsupported("mcheck.Component: no function %s.%s for a parameter value", f[0], f[1])
			}
			return m.callFunc(fr, m.prog.funcOf(pkg.Func(f[1])), nil, 0)
		},
		// 1: construct.
		func(fr *frame) *frame {
			return m.callClosure(fr, ctor, m.envArgs(fr.g, st, c.Params, plan.NewArgs), 0)
		},
		// 2: check what the constructor returned; init.
		func(fr *frame) *frame {
			res := fr.regs[0]
			if c.HasErr {
				a := res.r.(agg)
				if a[1].r != nil {
					// Not a bug: this environment's constructor
					// arguments are refused. The test ends here.
					return m.endTest(fr, t, fmt.Sprintf("mcheck.Component: %s returned an error: %s", c.Ctor, m.reportValue(m.prog.rtypeOf(types.Universe.Lookup("error").Type()), a[1])), false)
				}
				res = a[0]
			}
			if res.r == nil {
				return m.endTest(fr, t, fmt.Sprintf("mcheck.Component: %s returned a nil component", c.Ctor), true)
			}
			st.recv = res
			if c.Init == nil {
				return fr
			}
			return m.callMethod(fr, st, c.Init, plan.Init)
		},
		// 3: start the goroutines.
		func(fr *frame) *frame {
			n := len(plan.Threads)
			if plan.Env == envgen.Universal {
				n = plan.Goroutines
			}
			st.calls = make([][]envgen.Call, n)
			st.results = make([][]string, n)
			for i := range n {
				g := m.spawn(m.runner(st, i, pos), nil, pos)
				m.startTracking(fr.g, g)
				runners = append(runners, g)
				st.ids = append(st.ids, g.id)
			}
			return fr
		},
		// 4: wait for them, as for a sync.WaitGroup.
		func(fr *frame) *frame {
			if !m.visible(fr, opDesc{kind: opModel, obj: st, what: "mcheck.Component wait", ready: func(*goroutine) bool { return st.done == len(runners) }}) {
				return stop(fr)
			}
			if c.Finish == nil {
				return fr
			}
			return m.callMethod(fr, st, c.Finish, plan.Finish)
		},
		// 5: return.
		func(fr *frame) *frame { return m.ret(fr, value{}) },
	}
	return m.enter(fr, m.synthetic("mcheck.Component", 1, pos, code), -1)
}

// allDomains lists the parameter domains of the constructor and methods.
func (m *Machine) allDomains() [][]envgen.Domain {
	c := m.cfg.Component
	ds := [][]envgen.Domain{c.Params}
	for _, mt := range c.Methods {
		ds = append(ds, mt.Params)
	}
	for _, mt := range []*envgen.Method{c.Init, c.Finish} {
		if mt != nil {
			ds = append(ds, mt.Params)
		}
	}
	return ds
}

// runner is the function of environment goroutine i: its calls in
// order (random-sequence), or calls chosen at choice points (universal).
func (m *Machine) runner(st *compState, i int, pos token.Pos) *function {
	plan := st.plan
	next := 0
	code := []op{
		// 0: the next call, or the end.
		func(fr *frame) *frame {
			var call envgen.Call
			if plan.Env == envgen.Universal {
				if next >= plan.MaxCalls || m.choose(2) == 0 {
					fr.pc = 2
					return fr
				}
				call.Method = plan.Perm[m.choose(len(plan.Perm))]
				for _, d := range st.c.Methods[call.Method].Params {
					call.Args = append(call.Args, m.choose(len(d.Values)))
				}
			} else {
				if next >= len(plan.Threads[i]) {
					fr.pc = 2
					return fr
				}
				call = plan.Threads[i][next]
			}
			next++
			st.calls[i] = append(st.calls[i], call)
			return m.callMethod(fr, st, &st.c.Methods[call.Method], call.Args)
		},
		// 1: what it returned; loop.
		func(fr *frame) *frame {
			if m.cfg.Trace {
				st.results[i] = append(st.results[i], m.formatResults(fr, st.c.Methods[st.calls[i][next-1].Method].Sig, fr.regs[0]))
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
	return m.synthetic(fmt.Sprintf("mcheck.Component.g%d", i+1), 1, pos, code)
}

// callMethod calls method mt of the component with the domain values
// args; the result goes to register 0.
func (m *Machine) callMethod(fr *frame, st *compState, mt *envgen.Method, args []int) *frame {
	recv := st.recv
	var fn *function
	if i, ok := recv.r.(*iface); ok {
		fn = i.t.method(mt.Name)
		recv = i.v
	} else {
		fn = m.prog.rtypeOf(st.c.Type).method(mt.Name)
	}
	if fn == nil {
		unsupported("mcheck.Component: cannot call %s.%s (a method of a type that is not interpreted)", st.c.Type, mt.Name)
	}
	all := append([]value{recv}, m.envArgs(fr.g, st, mt.Params, args)...)
	return m.callFunc(fr, fn, all, 0)
}

// envArgs builds the arguments with domain indexes args.
func (m *Machine) envArgs(g *goroutine, st *compState, ds []envgen.Domain, args []int) []value {
	vs := make([]value, len(args))
	for i, a := range args {
		vs[i] = m.envValue(g, st, ds[i].Values[a], ds[i].Type)
	}
	return vs
}

// envValue builds domain value v of type t.
func (m *Machine) envValue(g *goroutine, st *compState, v envgen.Value, t types.Type) value {
	rt := m.prog.rtypeOf(t)
	switch v.Kind {
	case envgen.Const:
		if types.IsInterface(t) {
			dt := types.Default(constantType(v.Const))
			return value{r: &iface{t: m.prog.rtypeOf(dt), v: m.envValue(g, st, v, dt)}}
		}
		switch c := v.Const; {
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
	case envgen.Nil:
		return value{}
	case envgen.Zero:
		return rt.zero()
	case envgen.New:
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
	case envgen.Slice:
		el := t.Underlying().(*types.Slice).Elem()
		s := make([]value, len(v.Elems))
		for i, e := range v.Elems {
			s[i] = m.envValue(g, st, e, el)
		}
		if m.watch {
			m.allocatedSlice(g, s)
		}
		return value{r: s}
	case envgen.Map:
		mt := t.Underlying().(*types.Map)
		mp := newMap(rt, m)
		for i := 0; i+1 < len(v.Elems); i += 2 {
			mp.set(m.envValue(g, st, v.Elems[i], mt.Key()), m.envValue(g, st, v.Elems[i+1], mt.Elem()))
		}
		return value{r: mp}
	case envgen.Nop:
		return value{r: &closure{fn: m.nop(t.Underlying().(*types.Signature))}}
	case envgen.FuncResult:
		return st.funcs[v.Func]
	case envgen.User:
		u := st.user[v.Index]
		if types.IsInterface(t) {
			return u
		}
		return copyVal(u.r.(*iface).v)
	}
	panic(fmt.Sprintf("envValue: kind %d", v.Kind))
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
	f := m.synthetic("mcheck.nop", sig.Params().Len(), token.NoPos, []op{
		func(fr *frame) *frame { return m.ret(fr, copyVal(res)) },
	})
	f.nparams = sig.Params().Len()
	return f
}

// formatResults spells a call's results as fmt's %v would, for reports
// (reportValue: cycle-safe and bounded).
func (m *Machine) formatResults(fr *frame, sig *types.Signature, res value) string {
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
