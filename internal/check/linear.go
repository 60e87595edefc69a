package check

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
// The orders tried: the one the calls returned in, then every merge when there are at most linOrders (otherwise the
// execution is not judged). Each order runs on one goroutine of the
// environment, explored by dfs; an order whose exploration is not
// complete (a failure, or more schedules than linExecutions) leaves the
// execution unjudged, so nondeterminism of the component's own (its
// goroutines, timers) never makes a violation. Sequential results are
// remembered per environment.

// Bounds of the linearizability check.
const (
	linOrders     = 256 // merges of an environment's calls tried
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
		l.compared = append(l.compared, comparable(m.Sig))
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

// comparable reports whether sig has results, all of basic types (not
// unsafe.Pointer): values that print the same in every execution.
func comparable(sig *types.Signature) bool {
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
func (l *linearity) attach(t sched.Target) sched.Target {
	start := t.Start
	t.Start = func(m *ssainterp.Machine) error {
		err := start(m)
		if h, ok := m.Hosted().(*hosted); ok && h.run != nil {
			h.run.check = l.check
		}
		return err
	}
	return t
}

// check returns why the results of execution r are those of no
// sequential order, or "".
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
	orders := [][]envgen.CallRef{r.returned}
	all := l.plan.Merges(linOrders+1, 0)
	judged := len(all) <= linOrders
	if judged {
		orders = append(orders, all...)
	}
	best, bestOut, bestMiss := []envgen.CallRef(nil), []string(nil), -1
	for _, order := range orders {
		if len(order) != l.plan.Calls() {
			continue
		}
		so := l.run(order)
		if so == nil {
			return ""
		}
		for _, out := range so.outs {
			miss := 0
			for i, ref := range order {
				if l.compared[l.plan.Threads[ref.G][ref.J].Method] && (i >= len(out) || out[i] != r.results[ref.G][ref.J]) {
					miss++
				}
			}
			if miss == 0 {
				return ""
			}
			if bestMiss < 0 || miss < bestMiss {
				best, bestOut, bestMiss = order, out, miss
			}
		}
		if !so.complete {
			// The component's own goroutines or timers, or a call
			// that fails alone: this environment is not judged.
			l.off = true
			return ""
		}
	}
	if !judged || best == nil {
		return ""
	}
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
	seq := make([]string, len(best))
	for i, ref := range best {
		seq[i] = l.call(l.plan.Threads[ref.G][ref.J], bestOut[i])
	}
	return fmt.Sprintf("linearizability violation: no order of the calls one at a time gives these results\n%s\nthe nearest, %s, differs in %d result(s)",
		strings.Join(got, "\n"), strings.Join(seq, "; "), bestMiss)
}

// call spells a call and its results: "Inc() → 1".
func (l *linearity) call(c envgen.Call, res string) string {
	s := l.plan.CallString(l.comp, l.pr, c)
	if res != "" {
		s += " → " + res
	}
	return s
}

// run returns what order gives when its calls run one at a time
// (remembered), or nil if mcheck could not run it (l.err).
func (l *linearity) run(order []envgen.CallRef) *seqOutcome {
	key := fmt.Sprint(order)
	if so := l.seen[key]; so != nil {
		return so
	}
	so := &seqOutcome{}
	plan := l.plan.Sequential(order)
	t := componentTarget(l.target, l.comp, plan)
	start := t.Start
	t.Start = func(m *ssainterp.Machine) error {
		err := start(m)
		if h, ok := m.Hosted().(*hosted); ok && h.run != nil {
			h.run.check = func(r *componentRun) string {
				if len(r.results) == 1 && !slices.ContainsFunc(so.outs, func(out []string) bool { return slices.Equal(out, r.results[0]) }) {
					so.outs = append(so.outs, slices.Clone(r.results[0]))
				}
				return ""
			}
		}
		return err
	}
	o := l.opts
	o.Strategy, o.Seed, o.Executions, o.Time, o.Workers = "dfs", 1, linExecutions, 0, 1
	o.Replay, o.TraceFile, o.Progress, o.Custom = "", "", nil, nil
	rep, err := sched.Explore(t, o)
	if err != nil {
		l.err = err
		return nil
	}
	so.complete = rep.Failure == nil && rep.Exhausted
	l.seen[key] = so
	return so
}
