package gotest

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// mcheck is the interpreter's host: package mcheck's entry points that a
// test calls are hooks (ssainterp.Host), and mcheck's own packages are
// never interpreted. Inside an interpreted test:
//   - mcheck.Run(t, body, ...) calls body(t): the exploration happens
//     outside, one execution of the whole test after another;
//   - mcheck.Component(t, New, ...) drives the component through the
//     environment of the execution (an ssainterp.Harness built from an
//     envgen.Plan);
//   - mcheck.Choose(n) is a choice point;
//   - the options are interpreted as ordinary Go (closures of package
//     mcheck's functions), which is how mcheck test reads them.
//
// An execution whose state is a probe instead learns the call (the
// constructor's signature, the user's values, the options) and ends
// there.

const mcheckPath = "github.com/mcheck-dev/mcheck"

// Host is the interpreter host of every load of a test.
var Host = &ssainterp.Host{
	Hooks: map[string]ssainterp.Hook{
		mcheckPath + ".Run":       runHook,
		mcheckPath + ".Component": componentHook,
		mcheckPath + ".Choose":    chooseHook,
	},
	Internal: func(path string) bool {
		rest, ok := strings.CutPrefix(path, mcheckPath+"/")
		return ok && !strings.HasPrefix(rest, "examples/") && !strings.Contains(rest, "testdata/")
	},
}

// hosted is the state of one execution that the hooks see.
type hosted struct {
	probe *ProbeResult  // set for a probe: the call learnt
	run   *componentRun // the environment a Component call runs
}

// ProbeResult is what a probe learns at the test's mcheck.Run or
// mcheck.Component call.
type ProbeResult struct {
	Run     bool             // the call was mcheck.Run (only Options is set)
	Ctor    string           // the constructor's name, "NewCache"
	Sig     *types.Signature // its signature
	User    []types.Type     // the types of the values given with mcheck.Values, in order
	Options []TestOption     // the other options of the call
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

func stateOf(c *ssainterp.HookCall) *hosted {
	h, _ := c.Hosted().(*hosted)
	if h == nil {
		h = &hosted{}
	}
	return h
}

func runHook(c *ssainterp.HookCall) {
	body := c.Arg(1)
	if body.IsNil() {
		c.Panic("mcheck.Run: nil test body")
	}
	if p := stateOf(c).probe; p != nil {
		*p = ProbeResult{Run: true, Options: testOptions(c.Arg(2))}
		c.Exit(0)
	}
	c.Call(body, c.Arg(0))
}

func chooseHook(c *ssainterp.HookCall) {
	n := c.Arg(0).Interface().(int64)
	if n <= 0 {
		c.Panic(fmt.Sprintf("mcheck.Choose(%d): the number of alternatives must be positive", n))
	}
	c.ReturnInt(int64(c.Choose(int(n))))
}

func componentHook(c *ssainterp.HookCall) {
	ctor := c.Arg(1).Elem()
	fn, _ := ctor.Func()
	if fn == nil {
		c.Panic("mcheck.Component: the constructor is nil or not a Go function")
	}
	user := userValues(c, c.Arg(2))
	st := stateOf(c)
	if p := st.probe; p != nil {
		*p = ProbeResult{Ctor: ctorName(fn, c), Sig: fn.Signature, Options: testOptions(c.Arg(2))}
		for _, u := range user {
			p.User = append(p.User, u.Elem().Type())
		}
		c.Exit(0)
	}
	if st.run == nil {
		c.Panic("mcheck.Component outside mcheck.Component's own exploration (run the test with go test)")
	}
	c.Drive(st.run.harness(ctor, user))
}

// userValues returns the values the options of mcheck.Values hold, in
// order, as interfaces.
func userValues(c *ssainterp.HookCall, opts ssainterp.Value) []ssainterp.Value {
	var out []ssainterp.Value
	for i := range opts.Len() {
		fn, free := optionFunc(opts.Index(i))
		if fn == nil || !isMcheck(fn.Parent()) || fn.Parent().Name() != "Values" {
			continue
		}
		vs := free["vs"]
		for j := range vs.Len() {
			v := vs.Index(j)
			if v.Elem().Type() == nil {
				c.Panic("mcheck.Values: an untyped nil has no type to give values for; write (*T)(nil)")
			}
			out = append(out, v)
		}
	}
	return out
}

// optionFunc is the function of an option value (a func, or an
// interface holding one).
func optionFunc(o ssainterp.Value) (*ssa.Function, map[string]ssainterp.Value) {
	if types.IsInterface(o.Type()) {
		o = o.Elem()
		if o.Type() == nil {
			return nil, nil
		}
	}
	return o.Func()
}

func isMcheck(fn *ssa.Function) bool {
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == mcheckPath
}

// testOptions reads the options (a []Option) of an mcheck.Run or
// mcheck.Component call; mcheck.Values, whose values are the
// interpreter's, is left out. An option that is not made by a function of
// package mcheck (a user's own) cannot be read: it comes back with the
// name of its function and Unreadable set (go test applies it natively;
// mcheck test cannot).
func testOptions(opts ssainterp.Value) []TestOption {
	var out []TestOption
	for i := range opts.Len() {
		fn, free := optionFunc(opts.Index(i))
		if fn == nil {
			continue // a nil option: go test would call it and crash
		}
		if !isMcheck(fn.Parent()) {
			out = append(out, TestOption{Name: fn.String(), Unreadable: true})
			continue
		}
		if fn.Parent().Name() == "Values" {
			continue
		}
		opt := TestOption{Name: fn.Parent().Name(), Args: map[string]any{}}
		for name, v := range free {
			opt.Args[name] = v.Interface()
		}
		out = append(out, opt)
	}
	return out
}

// ctorName names the constructor for messages: "NewCache",
// "(*Pool).New", "the function literal at cache_test.go:16".
func ctorName(fn *ssa.Function, c *ssainterp.HookCall) string {
	if fn.Parent() != nil {
		return "the function literal at " + c.Where(fn.Pos())
	}
	name, _, _ := strings.Cut(fn.Name(), "$")
	if r := fn.Signature.Recv(); r != nil {
		name = "(" + types.TypeString(r.Type(), func(*types.Package) string { return "" }) + ")." + name
	}
	return name
}

// componentRun is one execution of an environment: the plan and what the
// environment's goroutines did, for the report.
type componentRun struct {
	comp    *envgen.Component
	plan    *envgen.Plan
	ids     []int           // the goroutines' ids
	calls   [][]envgen.Call // the calls each goroutine started
	results [][]string      // with a trace: what the calls that returned returned
}

// harness builds the interpreter's harness of the run's environment.
func (r *componentRun) harness(ctor ssainterp.Value, user []ssainterp.Value) *ssainterp.Harness {
	c, plan := r.comp, r.plan
	call := func(mt *envgen.Method, args []int) ssainterp.HarnessCall {
		return ssainterp.HarnessCall{Method: mt.Name, Sig: mt.Sig, Params: mt.Params, Args: args}
	}
	n := len(plan.Threads)
	if plan.Env == envgen.Universal {
		n = plan.Goroutines
	}
	r.ids, r.calls, r.results = nil, nil, nil
	h := &ssainterp.Harness{
		Caller: "mcheck.Component", Name: c.Ctor, New: ctor, Type: c.Type, HasErr: c.HasErr,
		NewArgs: ssainterp.HarnessCall{Params: c.Params, Args: plan.NewArgs},
		User:    user, Funcs: funcResults(c), Goroutines: n,
		Started: func(g, id int) {
			if g == 0 {
				r.calls, r.results = make([][]envgen.Call, n), make([][]string, n)
			}
			r.ids = append(r.ids, id)
		},
		Returned: func(g int, res string) { r.results[g] = append(r.results[g], res) },
	}
	if c.Init != nil {
		ic := call(c.Init, plan.Init)
		h.Init = &ic
	}
	if c.Finish != nil {
		fc := call(c.Finish, plan.Finish)
		h.Finish = &fc
	}
	h.Next = func(g int, choose func(int) int) (ssainterp.HarnessCall, bool) {
		var next envgen.Call
		if plan.Env == envgen.Universal {
			if len(r.calls[g]) >= plan.MaxCalls || choose(2) == 0 {
				return ssainterp.HarnessCall{}, false
			}
			next.Method = plan.Perm[choose(len(plan.Perm))]
			for _, d := range c.Methods[next.Method].Params {
				next.Args = append(next.Args, choose(len(d.Values)))
			}
		} else {
			if len(r.calls[g]) >= len(plan.Threads[g]) {
				return ssainterp.HarnessCall{}, false
			}
			next = plan.Threads[g][len(r.calls[g])]
		}
		r.calls[g] = append(r.calls[g], next)
		return call(&c.Methods[next.Method], next.Args), true
	}
	return h
}

// funcResults lists the functions whose results the component's domains
// use, each once, in order.
func funcResults(c *envgen.Component) [][2]string {
	ds := [][]envgen.Domain{c.Params}
	for _, mt := range c.Methods {
		ds = append(ds, mt.Params)
	}
	for _, mt := range []*envgen.Method{c.Init, c.Finish} {
		if mt != nil {
			ds = append(ds, mt.Params)
		}
	}
	var out [][2]string
	seen := map[[2]string]bool{}
	for _, d := range ds {
		for _, dom := range d {
			for _, v := range dom.Values {
				if v.Kind == envgen.FuncResult && !seen[v.Func] {
					seen[v.Func] = true
					out = append(out, v.Func)
				}
			}
		}
	}
	return out
}

// ran returns, per goroutine of the environment, its id, the calls it
// started and (for executions run with a trace) what the calls that
// returned returned, the call in progress on a goroutine whose panic
// ended the execution reading "panic: …". It is empty if the environment
// did not start.
func (r *componentRun) ran(m *ssainterp.Machine) (ids []int, calls [][]envgen.Call, results [][]string) {
	results = r.results
	if ok, msg := m.Panicked(); ok {
		pg := m.PanickedGoroutine()
		for i, id := range r.ids {
			if id == pg && len(r.results[i]) < len(r.calls[i]) {
				msg, _, _ = strings.Cut(strings.TrimPrefix(msg, "panic: "), "\n")
				results = append([][]string(nil), results...)
				results[i] = append(append([]string(nil), results[i]...), "panic: "+msg)
			}
		}
	}
	return r.ids, r.calls, results
}
