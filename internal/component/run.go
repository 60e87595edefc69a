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
	// settled is, per call of started, whether the component's own
	// goroutines were settled (each done or blocked) when it started
	// (Harness.Settled; quiet is the last told).
	settled []bool
	quiet   bool
	// held is, per goroutine of the plan (a holder: Plan.Holder) and
	// pair of comp.Pairs, what it holds from its acquire-like calls
	// that succeeded (pairing, envgen/pairs.go).
	held [][]int64
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
	r.ids, r.calls, r.results, r.returned, r.retAt, r.started, r.settled, r.held = nil, nil, nil, nil, nil, nil, nil, nil
	// The default protocol's goroutines pair acquire-like and
	// release-like calls (envgen/pairs.go): whether an acquire-like
	// call succeeded is read from its results, recorded in every
	// execution.
	paired := len(c.Pairs) > 0 && !plan.Unpaired
	h := &ssainterp.Harness{
		Caller: "mcheck.Component", Name: c.Ctor, New: ctor, Type: c.Type, HasErr: c.HasErr,
		NewArgs: ssainterp.HarnessCall{Sig: c.CtorSig, Args: envgen.ArgValues(c.Params, plan.NewArgs)},
		User:    user, Funcs: funcResults(c), Goroutines: n, Phases: plan.Phases, Suspend: plan.Suspend, Settle: plan.Settle,
		Settled: func(settled bool) { r.quiet = settled },
		Started: func(g, id int) {
			if g == 0 {
				r.calls, r.results = make([][]envgen.Call, n), make([][]string, n)
			}
			r.ids = append(r.ids, id)
		},
		Returned: func(g int, res string) {
			j := len(r.results[g])
			r.returned = append(r.returned, envgen.CallRef{G: g, J: j})
			r.retAt = append(r.retAt, len(r.started))
			r.results[g] = append(r.results[g], res)
			if paired {
				r.acquired(g, j, res)
			}
		},
	}
	h.AllResults = paired
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
		for {
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
			j := len(r.calls[g])
			r.started = append(r.started, envgen.CallRef{G: g, J: j})
			r.settled = append(r.settled, r.quiet)
			r.calls[g] = append(r.calls[g], next)
			if paired {
				if held, ok := r.releases(g, j); !ok {
					// Not made: it returns at once, having done
					// nothing, and the goroutine goes on.
					r.returned = append(r.returned, envgen.CallRef{G: g, J: j})
					r.retAt = append(r.retAt, len(r.started))
					r.results[g] = append(r.results[g], envgen.NotCalled(held))
					continue
				}
			}
			return call(&c.Methods[next.Method], next.Args), true
		}
	}
	return h
}

// holding returns what goroutine holder holds of pair k.
func (r *componentRun) holding(holder, k int) *int64 {
	for len(r.held) <= holder {
		r.held = append(r.held, make([]int64, len(r.comp.Pairs)))
	}
	return &r.held[holder][k]
}

// acquired counts call j of goroutine g, which returned res, if it is an
// acquire-like call that succeeded.
func (r *componentRun) acquired(g, j int, res string) {
	call := r.calls[g][j]
	k, rel := r.comp.PairRole(call.Method)
	if k < 0 || rel || !envgen.Succeeded(&r.comp.Methods[call.Method], res) {
		return
	}
	*r.holding(r.plan.Holder(g, j), k) += r.comp.Pairs[k].Weigh(call)
}

// releases decides whether call j of goroutine g, about to start, is
// made: a release-like call is made only when its goroutine holds what
// it gives back (at least its weight, which is not negative), and what
// it gives back is then no longer held; ok is false, with what the
// goroutine holds, for one not made.
func (r *componentRun) releases(g, j int) (held int64, ok bool) {
	call := r.calls[g][j]
	k, rel := r.comp.PairRole(call.Method)
	if k < 0 || !rel {
		return 0, true
	}
	h := r.holding(r.plan.Holder(g, j), k)
	w := r.comp.Pairs[k].Weigh(call)
	if w < 0 || w > *h {
		return *h, false
	}
	*h -= w
	return *h, true
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
