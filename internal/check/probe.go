package check

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

// probeLimit bounds the probe's executions, and probeShare its time as a
// share of a time budget: a probe cut short leaves out only the values it
// had decided on.
const (
	probeLimit = 512
	probeShare = 10
)

// probeDomains marks in comp the values its methods cannot take, running
// the probe's plans with explore under the check's options o. It returns
// the executions it ran and a note naming the values left out ("" if
// none).
func probeDomains(comp *envgen.Component, explore explorer, o sched.Options) (int, string, error) {
	var deadline time.Time
	if o.Time > 0 {
		deadline = time.Now().Add(o.Time / probeShare)
	}
	o = sequential(o, o.Seed, 1)
	n := 0
	// spent reports whether the probe must stop.
	spent := func() bool { return n >= probeLimit || !deadline.IsZero() && time.Now().After(deadline) }
	// run reports whether call, after the calls of before, returns; a
	// failure of the probe that is not the call's own (a context call
	// failing, a race with a daemon) counts as returning, so that only a
	// clear failure of the call leaves its value out.
	run := func(call envgen.Call, before ...envgen.Call) (bool, error) {
		plan := &envgen.Plan{Env: envgen.Random, Goroutines: 1, Free: comp.DefaultFinish,
			NewArgs: make([]int, len(comp.Params)), Threads: [][]envgen.Call{append(before, call)}}
		if comp.Init != nil {
			plan.Init = make([]int, len(comp.Init.Params))
		}
		if comp.Finish != nil {
			plan.Finish = make([]int, len(comp.Finish.Params))
		}
		r, ss, err := explore(plan, o, nil)
		if err != nil {
			return false, err
		}
		n += r.Executions
		if r.Failure == nil || len(ss.returned) != 1 || ss.returned[0] > len(before) {
			return true, nil
		}
		return ss.returned[0] < len(before), nil // a context call failed: not the call's own
	}
	type candidate struct {
		call     envgen.Call
		param, v int
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
				if spent() {
					return n, "", nil
				}
				ok, err := run(call)
				if err != nil {
					return n, "", err
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
			if spent() {
				takes = true // undecided: drawn
				break
			}
			ok, err := run(c.call, before)
			if err != nil {
				return n, "", err
			}
			if takes = ok; takes {
				break
			}
		}
		if !takes {
			skipped = append(skipped, c)
		}
	}
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
		return n, "", nil
	}
	return n, fmt.Sprintf("not drawn, as the calls fail with these arguments alone and after every call that returns alone (give the values to draw with mcheck.Values): %s", strings.Join(left, ", ")), nil
}
