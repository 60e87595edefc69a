package component

import (
	"slices"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

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

// runOf returns the environment run of m's execution, or nil.
func runOf(m *ssainterp.Machine) *componentRun {
	r, _ := check.DriverOf(m).(*componentRun)
	return r
}

// Harness builds the interpreter's harness of the run's environment.
func (r *componentRun) Harness(ctor ssainterp.Value, user []ssainterp.Value) *ssainterp.Harness {
	c, plan := r.comp, r.plan
	call := func(mt *envgen.Method, args []int) ssainterp.HarnessCall {
		return ssainterp.HarnessCall{Method: mt.Name, Sig: mt.Sig, Args: envgen.ArgValues(mt.Params, args), Release: mt.Release}
	}
	n := len(plan.Threads)
	if plan.Env == envgen.Universal {
		n = plan.Goroutines
	}
	r.ids, r.calls, r.results, r.returned, r.retAt, r.started = nil, nil, nil, nil, nil, nil
	h := &ssainterp.Harness{
		Caller: "mcheck.Component", Name: c.Ctor, New: ctor, Type: c.Type, HasErr: c.HasErr,
		NewArgs: ssainterp.HarnessCall{Sig: c.CtorSig, Args: envgen.ArgValues(c.Params, plan.NewArgs)},
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
	if p := m.PanicInfo(); p != nil {
		pg := m.PanickedGoroutine()
		for i, id := range r.ids {
			if id == pg && len(r.results[i]) < len(r.calls[i]) {
				results = append([][]string(nil), results...)
				results[i] = append(append([]string(nil), results[i]...), "panic: "+p.Head())
			}
		}
	}
	return r.ids, r.calls, results
}

// componentTarget runs plan in the test's mcheck.Component call.
func componentTarget(t sched.Target, comp *envgen.Component, plan *envgen.Plan) sched.Target {
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	return sched.Target{
		Prog: t.Prog,
		Test: true,
		Start: func(m *ssainterp.Machine) error {
			m.SetHosted(check.Driving(&componentRun{comp: comp, plan: plan}))
			return t.Start(m)
		},
		Describe: func(m *ssainterp.Machine) string {
			ids, calls, results := runOf(m).ran(m)
			ran := &envgen.Plan{Env: envgen.Random, Threads: calls}
			if plan.Env == envgen.Random {
				ran.Threads = plan.Threads
			}
			if len(ids) == 0 {
				// The constructor or the init method failed: no
				// call started.
				return check.BuiltString(comp, plan) + " (did not return: the environment did not start)\n" +
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
