package check

// This file is all the check layer says to the interpreter: the host of
// every load (the hooks of mcheck.Run, mcheck.Component and
// mcheck.Choose, and which packages are mcheck's own), the probe that
// runs a test up to its call, the target that runs an environment in it,
// and reading the options of the call for mcheck test, where they are
// not native values.

import (
	"errors"
	"fmt"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
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
	c.Call(body, c.Arg(0).Elem()) // the *testing.T of a TestingT
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
		o := opts.Index(i)
		fn, free := optionFunc(o)
		if fn == nil {
			if e := o.Elem(); e.Type() != nil {
				// A value of a type of the test's own, wrapping an
				// option of package mcheck, say.
				out = append(out, TestOption{Name: e.Type().String(), Unreadable: true})
			}
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
	results [][]string      // per call that returned, what it returned (with a trace; "" without)
	// check, if set, checks the calls' results (every execution's)
	// once the environment's goroutines are done (linearity.check);
	// returned lists the calls in the order they returned.
	check    func(r *componentRun) string
	returned []envgen.CallRef
	retAt    []int            // per call of returned, how many calls had started when it returned
	started  []envgen.CallRef // the calls in the order they started
}

// harness builds the interpreter's harness of the run's environment.
func (r *componentRun) harness(ctor ssainterp.Value, user []ssainterp.Value) *ssainterp.Harness {
	c, plan := r.comp, r.plan
	call := func(mt *envgen.Method, args []int) ssainterp.HarnessCall {
		return ssainterp.HarnessCall{Method: mt.Name, Sig: mt.Sig, Params: mt.Params, Args: args, Release: mt.Release}
	}
	n := len(plan.Threads)
	if plan.Env == envgen.Universal {
		n = plan.Goroutines
	}
	r.ids, r.calls, r.results, r.returned, r.retAt, r.started = nil, nil, nil, nil, nil, nil
	h := &ssainterp.Harness{
		Caller: "mcheck.Component", Name: c.Ctor, New: ctor, Type: c.Type, HasErr: c.HasErr,
		NewArgs: ssainterp.HarnessCall{Params: c.Params, Args: plan.NewArgs},
		User:    user, Funcs: funcResults(c), Goroutines: n, Phases: plan.Phases, Suspend: plan.Suspend, Settle: plan.Settle,
		Started: func(g, id int) {
			if g == 0 {
				r.calls, r.results = make([][]envgen.Call, n), make([][]string, n)
			}
			r.ids = append(r.ids, id)
		},
		Returned: func(g int, res string) {
			r.returned = append(r.returned, envgen.CallRef{G: g, J: len(r.results[g])})
			r.retAt = append(r.retAt, len(r.started))
			r.results[g] = append(r.results[g], res)
		},
	}
	if r.check != nil {
		h.AllResults, h.Check = true, func() string { return r.check(r) }
	}
	if c.Init != nil {
		ic := call(c.Init, plan.Init)
		h.Init = &ic
	}
	if c.Finish != nil && !plan.Free {
		fc := call(c.Finish, plan.Finish)
		h.Finish = &fc
	}
	h.Next = func(g int, choose func(int) int) (ssainterp.HarnessCall, bool) {
		var next envgen.Call
		if plan.Env == envgen.Universal {
			if len(r.calls[g]) >= plan.MaxCalls || choose(2) == 0 {
				return ssainterp.HarnessCall{}, false
			}
			perm := plan.Perm
			if g > 0 && len(c.Serial) > 0 {
				// The methods of Serial's groups are the first
				// goroutine's.
				perm = slices.DeleteFunc(slices.Clone(perm), c.Serialized)
				if len(perm) == 0 {
					return ssainterp.HarnessCall{}, false
				}
			}
			next.Method = perm[choose(len(perm))]
			for _, d := range c.Methods[next.Method].Params {
				next.Args = append(next.Args, choose(len(d.Values)))
			}
		} else {
			if len(r.calls[g]) >= len(plan.Threads[g]) {
				return ssainterp.HarnessCall{}, false
			}
			if a := plan.After; a != nil && a[g] >= 0 && len(r.results[a[g]]) < len(plan.Threads[a[g]]) {
				// Its goroutine is still blocked in the call before.
				return ssainterp.HarnessCall{}, false
			}
			next = plan.Threads[g][len(r.calls[g])]
		}
		r.started = append(r.started, envgen.CallRef{G: g, J: len(r.calls[g])})
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

// LoadTest loads the package in dir with its tests, with build tags, and
// returns the exploration target for its function id.Test.
func LoadTest(dir string, id ID, tags []string) (sched.Target, error) {
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: dir, Tests: true, Tags: tags, Host: Host}, ".")
	if err != nil {
		return sched.Target{}, err
	}
	return TestTarget(prog, id, dir)
}

// TestTarget returns the target of the function id.Test of the test
// package id.Pkg of prog (where names the directory in errors).
func TestTarget(prog *ssainterp.Program, id ID, where string) (sched.Target, error) {
	pid, ok := prog.TestPackage(id.Pkg)
	if !ok {
		return sched.Target{}, fmt.Errorf("package %s is not in %s", id.Pkg, where)
	}
	return sched.Target{
		Prog:  prog,
		Test:  true,
		Start: func(m *ssainterp.Machine) error { return m.StartTest(pid, id.Test) },
	}, nil
}

// Probe runs the test that t starts alone, on the first enabled
// goroutine at each step, up to its mcheck.Component or mcheck.Run call,
// and returns what it learnt there: the constructor and the values
// (Component), and the options of the call.
func Probe(t sched.Target) (*ProbeResult, error) {
	var got ProbeResult
	m := t.Prog.NewMachine(ssainterp.Config{Hosted: &hosted{probe: &got}, MaxSteps: 10_000_000})
	if err := t.Start(m); err != nil {
		return nil, err
	}
	for steps := 0; !m.Done() && steps < 1_000_000; steps++ {
		en := m.Enabled()
		if len(en) == 0 {
			if m.WakeClock() {
				continue
			}
			break
		}
		m.StepID(en[0])
	}
	res := m.Finish()
	if res.Fault != nil {
		return nil, fmt.Errorf("mcheck could not run the test up to mcheck.Component or mcheck.Run: %w", res.Fault)
	}
	if got.Ctor == "" && !got.Run {
		_, stderr := m.Output()
		msg := "the test did not reach its mcheck.Component or mcheck.Run call when run alone"
		if out := m.TestOutcome(); out.Failed {
			msg += ": " + strings.Join(out.Log, "; ")
		} else if stderr != "" {
			msg += ": " + firstLine(stderr)
		}
		return nil, errors.New(msg)
	}
	return &got, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// componentTarget runs plan in the test's mcheck.Component call.
func componentTarget(t sched.Target, comp *envgen.Component, plan *envgen.Plan) sched.Target {
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	return sched.Target{
		Prog: t.Prog,
		Test: true,
		Start: func(m *ssainterp.Machine) error {
			m.SetHosted(&hosted{run: &componentRun{comp: comp, plan: plan}})
			return t.Start(m)
		},
		Describe: func(m *ssainterp.Machine) string {
			ids, calls, results := m.Hosted().(*hosted).run.ran(m)
			ran := &envgen.Plan{Env: envgen.Random, Threads: calls}
			if plan.Env == envgen.Random {
				ran.Threads = plan.Threads
			}
			if len(ids) == 0 {
				// The constructor or the init method failed: no
				// call started.
				return builtString(comp, plan) + " (did not return: the environment did not start)\n" +
					ran.Describe(comp, pr, nil, nil, make([]int, len(ran.Threads)))
			}
			started := make([]int, len(calls))
			for g, cs := range calls {
				started[g] = len(cs)
			}
			return ran.Describe(comp, pr, ids, results, started)
		},
	}
}

// extract builds the component from what the probe learnt and the
// options; the doc comments of its type and methods are read from prog's
// syntax (none if prog is nil).
func extract(prog *ssainterp.Program, got *ProbeResult, o ComponentConfig) (*envgen.Component, error) {
	opts := o.Options
	if res := got.Sig.Results(); prog != nil && res.Len() > 0 {
		t := res.At(0).Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			opts.Docs = envgen.DocsOf(prog.Files(n.Obj().Pkg()), n)
		}
	}
	for i, ut := range got.User {
		src := fmt.Sprintf("values[%d]", i)
		if i < len(o.Values) {
			src = fmt.Sprintf("%#v", o.Values[i])
		}
		opts.User = append(opts.User, envgen.UserValue{Type: ut, Src: src})
	}
	return envgen.Extract(got.Ctor, got.Sig, opts)
}

// ReadOptions applies options read from an interpreted call to c, with
// the setters package mcheck's option functions call natively (config.go):
// the name of each function of package mcheck and the names of its
// parameters are what is read. mcheck.Values is read by the interpreter
// itself. An option that is not one of package mcheck's cannot be read.
func ReadOptions(c *Config, opts []TestOption) error {
	for _, o := range opts {
		if err := readOption(c, o); err != nil {
			return err
		}
	}
	return nil
}

func readOption(c *Config, o TestOption) error {
	if o.Unreadable {
		return fmt.Errorf("mcheck test cannot read the option %s: it is not one of package mcheck's (go test applies it)", o.Name)
	}
	a := o.Args
	str := func(k string) string { s, _ := a[k].(string); return s }
	num := func(k string) int { n, _ := a[k].(int64); return int(n) }
	strs := func(k string) []string { s, _ := a[k].([]string); return s }
	what := "mcheck." + o.Name
	switch o.Name {
	case "Seed":
		u, _ := a["seed"].(uint64)
		c.Seed = u
	case "Budget":
		c.SetBudget(what, time.Duration(num("d")))
	case "Executions":
		c.SetExecutions(what, num("n"))
	case "Strategy":
		c.SetStrategy(what, str("name"))
	case "Preemptions":
		c.SetPreemptions(what, num("n"))
	case "Steps":
		c.SetSteps(what, num("n"))
	case "Workers":
		c.SetWorkers(what, num("n"))
	case "SyncOnly":
		c.SyncOnly = true
	case "NoRaces":
		c.NoRaces = true
	case "Replay":
		c.Replay = str("token")
	case "TimeBarrier":
		c.TimeBarrier = true
	case "TimerHorizon":
		c.TimerHorizon = time.Duration(num("d"))
	case "Tags":
		// The package is loaded before the test's options are read:
		// under mcheck test, -tags decides.
		c.Tags = append(c.Tags, strs("tags")...)
	case "Methods":
		c.Component.Include = append(c.Component.Include, strs("names")...)
	case "Exclude":
		c.Component.Exclude = append(c.Component.Exclude, strs("names")...)
	case "Init":
		c.Component.Init = str("method")
	case "Finish":
		c.Component.Finish = str("method")
	case "Protocol":
		c.Component.Protocol = str("p")
	case "Linearizable":
		c.Component.Linearizable = true
	case "Goroutines":
		c.SetGoroutines(what, num("n"))
	case "Environment":
		c.SetEnvironment(what, str("kind"), num("calls"))
	case "Restarts":
		c.SetRestarts(what, str("strategy"), num("unit"))
	case "Guide":
		c.SetGuide(what, strs("locations")...)
	case "Heuristic":
		c.SetHeuristic(what, str("name"))
	case "Prefer":
		c.SetPrefer(what, strs("sites")...)
	case "into":
		// mcheck.Check's own: its outcome goes to the native caller.
	default:
		return fmt.Errorf("mcheck test cannot apply the option mcheck.%s", o.Name)
	}
	return nil
}
