package component

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Linearizability (Herlihy and Wing, TOPLAS 1990; checked as Wing and
// Gong, JPDC 1993, and Lincheck do, by running orders of the calls one at
// a time): in an execution of a random-sequence environment where every
// call returned, the results of the calls whose results are comparable
// (every result of a basic type) must be those of some sequential order
// of the same calls, consistent with each goroutine's own order. A
// violation fails the execution as a failed test, with the results and
// the nearest sequential order.
//
// The orders are searched as Wing and Gong do (see check). Each order
// runs on one goroutine of the environment, explored by dfs; an order
// whose exploration is not complete (more schedules than linExecutions)
// leaves the execution unjudged, and the environment too, so that
// nondeterminism of the component's own (its goroutines, timers) does not
// make a violation; an order whose exploration fails (its last call
// blocks or panics) does not give the results of an execution where
// every call returned. Sequential results are remembered per
// environment.

// Bounds of the linearizability check.
const (
	linRuns       = 256 // sequential runs of one check (remembered runs are free)
	linExecutions = 20  // executions of one sequential order
)

// linearity checks the executions of one environment.
type linearity struct {
	target   sched.Target
	comp     *envgen.Component
	plan     *envgen.Plan
	opts     sched.Options
	compared []bool // per method: its results are compared
	pr       *envgen.Printer

	mu   sync.Mutex
	seen map[string]*seqOutcome // by order
	err  error                  // mcheck could not run a sequential order
	off  bool                   // a sequential order's outcomes are not all known: no execution is judged
}

// seqOutcome is what one sequential order gives: the results of its
// calls, in order, per distinct outcome; complete if every schedule was
// explored and none failed.
type seqOutcome struct {
	outs     [][]string
	complete bool
	fails    bool // a schedule fails (a call blocks or panics)
}

// newLinearity returns the check of plan's executions, or nil when there
// is nothing to check: not a random-sequence environment of two or more
// goroutines, or no call whose results are comparable.
func newLinearity(target sched.Target, comp *envgen.Component, plan *envgen.Plan, o sched.Options) *linearity {
	if plan.Env != envgen.Random || len(plan.Threads) < 2 {
		return nil
	}
	l := &linearity{target: target, comp: comp, plan: plan, opts: o, seen: map[string]*seqOutcome{},
		pr: &envgen.Printer{Pkg: comp.Pkg, User: comp.User}}
	for _, m := range comp.Methods {
		l.compared = append(l.compared, comparableResults(m.Sig))
	}
	for _, th := range plan.Threads {
		for _, c := range th {
			if l.compared[c.Method] {
				return l
			}
		}
	}
	return nil
}

// comparableResults reports whether sig has results, all of basic types (not
// unsafe.Pointer): values that print the same in every execution.
func comparableResults(sig *types.Signature) bool {
	res := sig.Results()
	for i := range res.Len() {
		b, ok := res.At(i).Type().Underlying().(*types.Basic)
		if !ok || b.Kind() == types.UnsafePointer {
			return false
		}
	}
	return res.Len() > 0
}

// attach makes t's executions check their results.
func (l *linearity) attach(t sched.Target) sched.Target { return withCheck(t, l.check) }

// withCheck makes check see the results of each execution of t, an
// environment's target, once its goroutines are done; a message it
// returns fails the execution.
func withCheck(t sched.Target, check func(r *componentRun) string) sched.Target {
	start := t.Start
	t.Start = func(m *ssainterp.Machine) error {
		err := start(m)
		if r := runOf(m); r != nil {
			r.check = check
		}
		return err
	}
	return t
}

// check returns why the results of execution r are those of no
// sequential order, or "". It searches the orders as Wing and Gong do,
// a call at a time: an order is extended by a goroutine's next call only
// if the calls so far, run one at a time, give the results they gave in
// r; at most linRuns sequential runs a check (more leave r unjudged).
func (l *linearity) check(r *componentRun) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.off || l.err != nil || len(r.results) != len(l.plan.Threads) {
		return ""
	}
	for g, th := range l.plan.Threads {
		if len(r.results[g]) != len(th) {
			return "" // not every call returned
		}
	}
	total, runs := l.plan.Calls(), 0
	var (
		deepest []envgen.CallRef // the longest order that gives r's results and cannot be extended
		next    *envgen.CallRef  // a call that cannot follow it
		nextOut string           // with what it gives instead
	)
	// gives reports whether the calls of order, one at a time, give
	// r's results (ok is false when that is not known).
	gives := func(order []envgen.CallRef) (yes, ok bool) {
		key := fmt.Sprint(order)
		so := l.seen[key]
		if so == nil {
			if runs++; runs > linRuns {
				return false, false
			}
			if so = l.run(order); so == nil {
				return false, false
			}
			l.seen[key] = so
		}
		for _, out := range so.outs {
			if l.matches(r, order, out) {
				return true, true
			}
		}
		if !so.complete && !so.fails {
			return false, false
		}
		if len(order) > len(deepest)+1 || next == nil {
			deepest = order[:len(order)-1]
			next, nextOut = &order[len(order)-1], "nothing (it does not return)"
			if len(so.outs) > 0 {
				nextOut = so.outs[0][len(order)-1]
			}
		}
		return false, true
	}
	known := true
	var search func(order []envgen.CallRef) bool
	search = func(order []envgen.CallRef) bool {
		if len(order) == total {
			return true
		}
		for g, th := range l.plan.Threads {
			j := 0
			for _, c := range order {
				if c.G == g {
					j++
				}
			}
			if j == len(th) {
				continue
			}
			cand := append(slices.Clone(order), envgen.CallRef{G: g, J: j})
			yes, ok := gives(cand)
			if !ok {
				known = false
				return false
			}
			if yes && search(cand) {
				return true
			}
		}
		return false
	}
	if search(nil) || !known {
		if !known && l.err == nil && runs <= linRuns {
			l.off = true // the component's own nondeterminism, or a call that fails alone
		}
		return ""
	}
	return l.violation(r, deepest, next, nextOut)
}

// violation reports the results of r as a linearizability violation:
// deepest is the longest order one at a time that gives them, next a
// call that cannot follow it, giving nextOut instead.
func (l *linearity) violation(r *componentRun, deepest []envgen.CallRef, next *envgen.CallRef, nextOut string) string {
	var got []string
	for g, th := range l.plan.Threads {
		calls := make([]string, len(th))
		for j, c := range th {
			calls[j] = l.call(c, r.results[g][j])
		}
		id := g + 1
		if g < len(r.ids) {
			id = r.ids[g]
		}
		got = append(got, fmt.Sprintf("g%d: %s", id, strings.Join(calls, "; ")))
	}
	seq := make([]string, len(deepest))
	for i, ref := range deepest {
		seq[i] = l.call(l.plan.Threads[ref.G][ref.J], r.results[ref.G][ref.J])
	}
	nearest := "no goroutine's first call, alone, gives its result"
	if len(seq) > 0 {
		nearest = "the longest order one at a time that gives them is " + strings.Join(seq, "; ")
	}
	if next != nil {
		c := l.plan.Threads[next.G][next.J]
		nearest += fmt.Sprintf(": %s then gives %s, not %s", l.plan.CallString(l.comp, l.pr, c), nextOut, r.results[next.G][next.J])
	}
	return fmt.Sprintf("linearizability violation: no order of the calls one at a time gives these results\n%s\n%s",
		strings.Join(got, "\n"), nearest)
}

// matches reports whether out, the results of order one at a time, are
// r's where they are compared.
func (l *linearity) matches(r *componentRun, order []envgen.CallRef, out []string) bool {
	for i, ref := range order {
		if l.compared[l.plan.Threads[ref.G][ref.J].Method] && (i >= len(out) || out[i] != r.results[ref.G][ref.J]) {
			return false
		}
	}
	return true
}

// call spells a call and its results: "Inc() → 1".
func (l *linearity) call(c envgen.Call, res string) string {
	return l.plan.CallString(l.comp, l.pr, c) + envgen.ResultString(res)
}

// run returns what order gives when its calls run one at a time, or nil
// if mcheck could not run it (l.err).
func (l *linearity) run(order []envgen.CallRef) *seqOutcome {
	so := &seqOutcome{}
	plan := l.plan.Sequential(order)
	t := withCheck(componentTarget(l.target, l.comp, plan), func(r *componentRun) string {
		if len(r.results) == 1 && !slices.ContainsFunc(so.outs, func(out []string) bool { return slices.Equal(out, r.results[0]) }) {
			so.outs = append(so.outs, slices.Clone(r.results[0]))
		}
		return ""
	})
	rep, err := sched.Explore(t, sequential(l.opts, 1, linExecutions))
	if err != nil {
		l.err = err
		return nil
	}
	so.complete, so.fails = rep.Failure == nil && rep.Exhausted, rep.Failure != nil
	return so
}
