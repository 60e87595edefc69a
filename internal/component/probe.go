package component

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
)

// Probing the argument domains before the search: a value a method cannot
// take (a negative weight, a weight beyond the capacity) makes a call
// fail whatever the other calls do, so a random environment that draws it
// ends in a misuse that the sequential baseline discards, and the budget
// goes to environments that cannot show a concurrency bug. With the
// built-in integers (0, 1, -1, math.MaxInt, math.MinInt) most calls of a
// semaphore are such misuses. This is the feedback of Pacheco et al.,
// "Feedback-directed random test generation" (ICSE 2007): a call that
// fails on its arguments is illegal input, not a sequence to build on.
//
// Each value of each parameter is tried once, in a call alone on a new
// component (the other parameters at their first value) and, if it fails
// there (panics, or blocks forever), after each call that returns alone
// (a Release(1) fails alone but not after an Acquire(1)). A value with
// which the call fails in all of these is not drawn
// (envgen.Method.Skip); a parameter keeps every value when all of them
// would go. Each run is the first schedule of dfs, one execution, so the
// probe is deterministic and its executions count against the budget.
// The probe makes its calls as they are (envgen.Plan.Unpaired): the
// default protocol's acquire/release pairing (envgen/pairs.go), which
// would not make a Release alone, is the search's.

// probeLimit bounds the probe's executions, and probeShare its time as a
// share of a time budget: a probe cut short leaves out only the values it
// had decided on.
const (
	probeLimit = 512
	probeShare = 10
)

// The constructor's arguments (and the init method's) are probed first,
// the same way: each value of each parameter, with the parameters before
// it at the first value that worked and those after at their first, in
// an environment of one goroutine without calls. A value with which the
// environment does not start (the constructor panics, blocks or returns
// an error: a pool's NewPool(maxSize int) panics on 0, -1 and
// math.MinInt by design) is not drawn (envgen.Component.Skip,
// Method.Skip of the init method), and the methods are then probed on a
// component built with the first values that worked, not with values it
// refuses.

// probeDomains marks in comp the values its constructor, init method and
// (with methods) methods cannot take, running the probe's plans in the
// test's mcheck.Component call that target starts, under the check's
// options o. It returns the executions it ran and notes naming the
// values left out (none if none).
func probeDomains(comp *envgen.Component, target sched.Target, o sched.Options, methods bool) (int, []string, error) {
	var deadline time.Time
	if o.Time > 0 {
		deadline = time.Now().Add(o.Time / probeShare)
	}
	p := &prober{o: sequential(o, o.Seed, 1), deadline: deadline}
	newArgs, initArgs, note, err := p.constructor(comp, target)
	var notes []string
	if note != "" {
		notes = append(notes, note)
	}
	if err != nil || !methods {
		return p.n, notes, err
	}
	note, err = p.methods(comp, exploreIn(target, comp, p.o, false, nil), newArgs, initArgs)
	if note != "" {
		notes = append(notes, note)
	}
	return p.n, notes, err
}

// prober is one probe of the domains.
type prober struct {
	o        sched.Options // a sequential run's
	deadline time.Time     // zero: none
	n        int           // executions so far
}

// spent reports whether the probe must stop.
func (p *prober) spent() bool {
	return p.n >= probeLimit || !p.deadline.IsZero() && time.Now().After(p.deadline)
}

// constructor marks in comp the values of the constructor's and the init
// method's parameters with which the environment does not start. It
// returns the arguments to build the component with (the first values
// that worked) and a note naming the values left out ("" if none).
func (p *prober) constructor(comp *envgen.Component, target sched.Target) (newArgs, initArgs []int, note string, err error) {
	newArgs = make([]int, len(comp.Params))
	var inits []envgen.Domain
	if comp.Init != nil {
		initArgs = make([]int, len(comp.Init.Params))
		inits = comp.Init.Params
	}
	// starts reports whether the environment starts with these
	// arguments: its goroutine, which makes no call, is done (Check).
	starts := func() (bool, error) {
		plan := &envgen.Plan{Env: envgen.Random, Goroutines: 1, Free: true,
			NewArgs: newArgs, Init: initArgs, Threads: [][]envgen.Call{{}}}
		started := false
		t := withCheck(componentTarget(target, comp, plan), func(*componentRun) string { started = true; return "" })
		r, err := sched.Explore(t, p.o)
		if err != nil {
			return false, err
		}
		p.n += r.Executions
		return started, nil
	}
	// fixed are the calls before the environment: the constructor, and
	// the init method.
	type fixed struct {
		name     string
		variadic bool
		ds       []envgen.Domain
		args     []int
		skip     *[][]bool
	}
	calls := []fixed{{comp.Ctor, comp.CtorSig.Variadic(), comp.Params, newArgs, &comp.Skip}}
	if comp.Init != nil {
		calls = append(calls, fixed{comp.Init.Name, comp.Init.Sig.Variadic(), inits, initArgs, &comp.Init.Skip})
	}
	var left []string
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	for _, fc := range calls {
		for k, d := range fc.ds {
			if len(d.Values) < 2 {
				continue
			}
			bad, good := make([]bool, len(d.Values)), -1
			for v := range d.Values {
				if p.spent() {
					fc.args[k] = max(good, 0)
					return newArgs, initArgs, "", nil // undecided: every value drawn
				}
				fc.args[k] = v
				ok, err := starts()
				if err != nil {
					return newArgs, initArgs, "", err
				}
				bad[v] = !ok
				if ok && good < 0 {
					good = v
				}
			}
			if good < 0 {
				fc.args[k] = 0 // none works: the probe says nothing of which matter
				continue
			}
			fc.args[k] = good
			if !slices.Contains(bad, true) {
				continue
			}
			if *fc.skip == nil {
				*fc.skip = make([][]bool, len(fc.ds))
			}
			(*fc.skip)[k] = bad
			for v, b := range bad {
				if b {
					args := slices.Clone(fc.args)
					args[k] = v
					left = append(left, fc.name+"("+envgen.Args(pr, fc.ds, args, fc.variadic)+")")
				}
			}
		}
	}
	if len(left) == 0 {
		return newArgs, initArgs, "", nil
	}
	return newArgs, initArgs, fmt.Sprintf("not drawn, as the component cannot be built with these arguments (the environment does not start: a panic, an error or a block before any call; give the values to draw with mcheck.Values): %s", strings.Join(left, ", ")), nil
}

// candidate is a value of a parameter of a call that the probe tries.
type candidate struct {
	call     envgen.Call
	param, v int
}

// methods marks in comp the values its methods cannot take, on
// components built with newArgs and initArgs, running the probe's plans
// with explore; it returns a note naming the values left out ("" if
// none).
func (p *prober) methods(comp *envgen.Component, explore explorer, newArgs, initArgs []int) (string, error) {
	// run reports whether call, after the calls of before, returns; a
	// failure of the probe that is not the call's own (a context call
	// failing, a race with a daemon) counts as returning, so that only a
	// clear failure of the call leaves its value out.
	run := func(call envgen.Call, before ...envgen.Call) (bool, error) {
		plan := &envgen.Plan{Env: envgen.Random, Goroutines: 1, Free: comp.DefaultFinish, Unpaired: true,
			NewArgs: newArgs, Init: initArgs, Threads: [][]envgen.Call{append(before, call)}}
		if comp.Finish != nil {
			plan.Finish = make([]int, len(comp.Finish.Params))
		}
		r, ss, err := explore(plan, p.o, nil)
		if err != nil {
			return false, err
		}
		p.n += r.Executions
		if r.Failure == nil || len(ss.returned) != 1 || ss.returned[0] > len(before) {
			return true, nil
		}
		return ss.returned[0] < len(before), nil // a context call failed: not the call's own
	}
	var (
		fails []candidate
		legal []envgen.Call // calls that return alone: the contexts
	)
	for m, meth := range comp.Methods {
		if comp.Finish != nil && !comp.DefaultFinish && meth.Name == comp.Finish.Name {
			continue
		}
		if len(meth.Params) == 0 {
			legal = append(legal, envgen.Call{Method: m})
			continue
		}
		for k, d := range meth.Params {
			for v := range d.Values {
				if k > 0 && v == 0 {
					continue // the call with every argument at its first value is tried with k == 0
				}
				call := envgen.Call{Method: m, Args: make([]int, len(meth.Params))}
				call.Args[k] = v
				if p.spent() {
					return "", nil
				}
				ok, err := run(call)
				if err != nil {
					return "", err
				}
				if ok {
					legal = append(legal, call)
				} else {
					fails = append(fails, candidate{call, k, v})
				}
			}
		}
	}
	var skipped []candidate
	for _, c := range fails {
		takes := false
		for _, before := range legal {
			if p.spent() {
				takes = true // undecided: drawn
				break
			}
			ok, err := run(c.call, before)
			if err != nil {
				return "", err
			}
			if takes = ok; takes {
				break
			}
		}
		if !takes {
			skipped = append(skipped, c)
		}
	}
	return markSkipped(comp, skipped), nil
}

// markSkipped marks in comp the values of skipped as not drawn, but for
// a parameter none of whose values a call can take, and returns the note
// naming the calls left out ("" for none).
func markSkipped(comp *envgen.Component, skipped []candidate) string {
	for _, c := range skipped {
		meth := &comp.Methods[c.call.Method]
		if meth.Skip == nil {
			meth.Skip = make([][]bool, len(meth.Params))
		}
		if meth.Skip[c.param] == nil {
			meth.Skip[c.param] = make([]bool, len(meth.Params[c.param].Values))
		}
		meth.Skip[c.param][c.v] = true
	}
	// A parameter none of whose values a call can take keeps them all:
	// the probe says nothing about which of them matter.
	for i := range comp.Methods {
		for k, sk := range comp.Methods[i].Skip {
			if !slices.Contains(sk, false) {
				comp.Methods[i].Skip[k] = nil
			}
		}
	}
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	plan := &envgen.Plan{Env: envgen.Random}
	var left []string
	for _, c := range skipped {
		if sk := comp.Methods[c.call.Method].Skip; sk[c.param] != nil {
			left = append(left, plan.CallString(comp, pr, c.call))
		}
	}
	if len(left) == 0 {
		return ""
	}
	return fmt.Sprintf("not drawn, as the calls fail with these arguments alone and after every call that returns alone (give the values to draw with mcheck.Values): %s", strings.Join(left, ", "))
}
