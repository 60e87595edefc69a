package component

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// The sequential baseline (Lincheck's oracle: Koval et al., "Lincheck: A
// Practical Framework for Testing Concurrent Data Structures on JVM", CAV
// 2023): a failure that Component finds in a random-sequence environment
// is a concurrency bug only if no sequential execution of the same calls
// shows it. The calls then run one at a time on a single goroutine of the
// environment (the harness still starts it and waits for it), in orders
// consistent with each goroutine's own order. First come at most
// seqOrders orders of families that can explain the failure directly
// (the calls in the order they returned in it, and in the order they
// started: a call that returned late may have taken effect early; the
// calls that returned in it, in every merge, then one goroutine's next
// call; a deterministic sample of all merges last). Then the orders are
// searched a call at a time, guided by the failing execution (guided: a
// call is added only where it returns what it returned there, the call
// that returned first there tried first, at most seqGuided runs); when
// that search is cut short (or left a call out for its result), every
// merge not tried yet runs on one goroutine, when there are at most
// seqMerges. A sequential run is one execution: dfs's first schedule
// (below).
//
// A sequential run explains the failure when it shows the same failure
// and every call that returned in the failing execution returned in it
// too (so a Wait that blocks when it runs before the Set does not explain
// a Wait left blocked after the Set returned: a lost wake-up). The same
// failure is: a deadlock, leak or livelock with the same blocked places
// (a goroutine of the environment by the method of its call in progress,
// the others by their creation site, each with its wait reason and
// position); a panic of the same call with the same value; a data race on
// the same pair of positions; an exit with the same status; a failed test
// with the same log. Only facts are compared, never a report's words
// (signature). A call that panics alone on a new component is explained
// too (by the order that makes it first): a misuse or bad input, not a
// concurrency bug; its reason says which option expresses that.
//
// The search does not leave an environment at its first explained
// failure: it explores it on (up to maxExplained explained failures),
// with those failures expected (sched.Target.Expected), so that the
// environment's misuse (an Add after Shutdown) does not hide its bug
// (two Shutdowns racing). The baseline's executions count against the
// check's budget.
//
// Only the sequential run's first schedule (dfs: each goroutine runs
// until it blocks) explains a failure: one that needs the component's own
// goroutines to interleave with a call, or a timer to fire early, is a
// concurrency bug inside that call (a leak of a deadline goroutine).
//
// When a call blocks in the sequential run, the order runs again with
// each call on a goroutine of its own, started once the calls before it
// returned or are blocked (Plan.Suspended: Lincheck's suspended
// operations): a TryAcquire that fails because an Acquire is waiting, and
// a Release of more than was acquired after it, is a misuse a sequential
// order with the Acquire suspended shows. A call woken there runs
// alongside the later ones, so a data race is never explained that way.
// A call after one of its own goroutine's that is blocked does not start.
//
// When the failure leaves only calls of the environment blocked (not a
// goroutine the component started), the order also runs settled
// (Plan.Settled): each call starts once everything before it, the
// component's own goroutines too, is done or blocked; then only a call of
// another goroutine than the one before it waits so (one goroutine's
// calls back to back, the others' after what they started settled). A TryAcquire that
// gets the resource a background goroutine of the one before made, and
// a Close that then waits for it to be released, is a misuse no
// interleaving inside a call is needed for; a goroutine of the component
// left blocked (a leak after a deadline) is never explained that way. The
// order also runs with one pause (Plan.SettledAt): back to back on one
// goroutine but for a pause between two calls of one goroutine, where
// what the calls before started settles, as a caller that waits a while
// between its calls; one variant per such pair of calls where the
// component's goroutines were busy when the first started in the failing
// execution (pauses). A TryGet that returned false twice on one goroutine
// while the lease was being made, and got it on the other goroutine in
// its next call, needs such a pause, not one before every switch.
//
// The sequential runs pair acquire-like and release-like calls as the
// environment does (envgen/pairs.go), what each call's goroutine in the
// failing execution holds counted over that goroutine's calls
// (Plan.Holders): a Release is made one at a time only where its own
// goroutine's Acquire succeeded before it, whichever order the calls run
// in, so a sequential run never shows a misuse the environment would not
// make. A call the environment did not make counts as returned.
//
// Not done: universal environments are not checked.

// Bounds of the baseline, in executions, so that it is as deterministic
// as the search.
const (
	seqOrders = 64  // sequential orders of the families tried per failure
	seqGuided = 128 // sequential runs of the guided search per failure
	// seqMerges: every merge is tried (on one goroutine) when there are
	// at most this many and the guided search was cut short. Each costs
	// a run of a real bug's failure, which nothing explains: 2,048 made
	// ants-release's (examples/realworld) cost about 2,400 runs, 39 s.
	seqMerges     = 512
	seqExecutions = 1 // executions of each: only the first schedule explains
	maxExplained  = 4 // explained failures per environment before the next
)

// runSnap is what the environment's goroutines did in a reported
// execution (see withSnap).
type runSnap struct {
	ids      []int            // the goroutines' ids
	calls    [][]envgen.Call  // the calls each started
	returned []int            // how many of them returned
	results  [][]string       // what each call that returned returned (in traced executions, and with Plan.Results; "" otherwise)
	order    []envgen.CallRef // the calls that returned, in the order they did
	retAt    []int            // per call of order, how many calls had started when it returned
	started  []envgen.CallRef // the calls that started, in the order they did
	// settled is, per call of started, whether the component's own
	// goroutines were settled (each done or blocked) when it started.
	settled  []bool
	panicked *envgen.Call // the call in progress on the goroutine that panicked, if one of the environment's
	panicG   int          // the index of that goroutine, or -1
}

// panickedAt returns, for a sequential run, the index in its order of the
// call that panicked, or -1.
func (s *runSnap) panickedAt() int {
	switch {
	case s.panicked == nil:
		return -1
	case len(s.returned) == 1:
		return s.returned[0]
	}
	return s.panicG
}

// withSnap makes t record, in snap, what the environment's goroutines
// did in each reported execution (Describe runs on those alone).
func withSnap(t sched.Target, snap *runSnap) sched.Target {
	describe := t.Describe
	t.Describe = func(m *ssainterp.Machine) string {
		*snap = snapshot(m)
		return describe(m)
	}
	return t
}

// snapshot returns what the environment's goroutines did on m.
func snapshot(m *ssainterp.Machine) runSnap {
	s := snapshotRun(runOf(m))
	s.panicked = s.inProgress(m.PanickedGoroutine())
	s.panicG = slices.Index(s.ids, m.PanickedGoroutine())
	return s
}

// snapshotRun returns what the environment's goroutines did in r.
func snapshotRun(r *componentRun) runSnap {
	s := runSnap{ids: slices.Clone(r.ids), returned: make([]int, len(r.calls)), order: slices.Clone(r.returned), retAt: slices.Clone(r.retAt), started: slices.Clone(r.started), settled: slices.Clone(r.settled), panicG: -1}
	for g, cs := range r.calls {
		s.calls = append(s.calls, slices.Clone(cs))
		s.returned[g] = len(r.results[g])
		s.results = append(s.results, slices.Clone(r.results[g]))
	}
	return s
}

// inProgress returns the call in progress on the environment's goroutine
// with id, or nil for a goroutine that is not one of the environment's
// or between calls.
func (s *runSnap) inProgress(id int) *envgen.Call {
	g := slices.Index(s.ids, id)
	if g < 0 || g >= len(s.calls) || s.returned[g] >= len(s.calls[g]) {
		return nil
	}
	return &s.calls[g][s.returned[g]]
}

// method names call c's method, "" for nil.
func (b *baseline) method(c *envgen.Call) string {
	if c == nil {
		return ""
	}
	return b.comp.Methods[c.Method].Name
}

// explorer explores one environment; the snapshot is the reported
// execution's. Failures whose signature is in known are expected (the
// baseline explained them in this environment): the search goes on past
// them.
type explorer func(plan *envgen.Plan, o sched.Options, known []string) (*sched.Report, *runSnap, error)

// errSpent is the error of an explorer called past its deadline (until).
var errSpent = errors.New("the check's time budget is spent")

// until returns e bounded by deadline: each search it runs is cut at
// the deadline, and a call past it returns errSpent.
func (e explorer) until(deadline time.Time) explorer {
	return func(plan *envgen.Plan, o sched.Options, known []string) (*sched.Report, *runSnap, error) {
		left := time.Until(deadline)
		if left <= 0 {
			return nil, nil, errSpent
		}
		if o.Time == 0 || o.Time > left {
			o.Time = left
		}
		return e(plan, o, known)
	}
}

// ignoreSpent returns err, or nil if it is errSpent.
func ignoreSpent(err error) error {
	if errors.Is(err, errSpent) {
		return nil
	}
	return err
}

// exploreIn returns the explorer of environments of comp in the test's
// mcheck.Component call that target starts; with linearizable, the
// results of calls whose results are comparable are checked
// (linear.go), with sequential runs under the check's options o.
// reword, if not nil, rewrites the text of every failure the explorer
// sees (a test's: verdicts do not depend on the words of reports).
func exploreIn(target sched.Target, comp *envgen.Component, o sched.Options, linearizable bool, reword func(*sched.Failure)) explorer {
	sig := &baseline{comp: comp}
	return func(plan *envgen.Plan, eo sched.Options, known []string) (*sched.Report, *runSnap, error) {
		var snap runSnap
		t := withSnap(componentTarget(target, comp, plan), &snap)
		if len(known) > 0 {
			t.Expected = func(m *ssainterp.Machine, f *sched.Failure) bool {
				s := snapshot(m)
				if reword != nil {
					g := *f
					reword(&g)
					f = &g
				}
				return slices.Contains(known, sig.signature(f, &s))
			}
		}
		if plan.Results {
			// The results of an execution without a failure too,
			// which Describe does not see.
			t = withCheck(t, func(r *componentRun) string { snap = snapshotRun(r); return "" })
		}
		var lin *linearity
		if linearizable {
			lin = newLinearity(target, comp, plan, o)
		}
		if lin != nil {
			t = lin.attach(t)
		}
		r, err := sched.Explore(t, eo)
		if err == nil && lin != nil {
			err = lin.err
		}
		if reword != nil && r != nil && r.Failure != nil {
			reword(r.Failure)
		}
		return r, &snap, err
	}
}

// baseline runs the sequential baseline of a component.
type baseline struct {
	comp    *envgen.Component
	opts    sched.Options // the check's
	explore explorer
	noPause bool // no variant with a pause (pauses): for tests
}

// explain returns why failure f, found in plan with snapshot s, is not a
// concurrency bug (a sequential order shows it: "Put blocks when the
// calls run one at a time (sync.Cond.Wait at queue.go:20)"), the order,
// and the failure's signature; why is "" if no order does, or plan is
// not a random-sequence environment. n is the executions it ran.
func (b *baseline) explain(plan *envgen.Plan, f *sched.Failure, s *runSnap, seed uint64) (why string, order []envgen.CallRef, sig string, n int, err error) {
	if plan.Env != envgen.Random || f.Kind == sched.Nondeterminism {
		return "", nil, "", 0, nil
	}
	want := b.signature(f, s)
	o := sequential(b.opts, seed, seqExecutions)
	if len(s.ids) == 0 {
		why, n, err := b.explainBefore(plan, f, want, o)
		return why, nil, want, n, err
	}
	if len(s.calls) != len(plan.Threads) {
		return "", nil, "", 0, nil
	}
	settle := envBlocked(f, s)
	tried := map[string]bool{}
	for _, order := range orders(plan, s, seed) {
		tried[fmt.Sprint(order)] = true
		// One goroutine, then, if a call blocked there, each call on
		// a goroutine of its own with blocked calls suspended, and,
		// for calls left blocked with nothing else, with each call
		// started once what the calls before started has settled.
		variants := []*envgen.Plan{plan.Sequential(order)}
		for k := 0; k < len(variants); k++ {
			r, ss, err := b.explore(variants[k], o, nil)
			if err != nil {
				return "", nil, "", n, err
			}
			n += r.Executions
			g := r.Failure
			// Only a failure of the order itself explains: one on dfs's
			// first schedule (each goroutine runs until it blocks), not
			// one that needed the component's own goroutines to
			// interleave with the calls or a timer to fire early (a
			// concurrency bug inside one call).
			if b.same(g, f, want, ss) && explains(order, variants[k].Threads, ss, s) {
				why, m, err := b.why(plan, order, g, ss, o)
				return why, order, want, n + m, err
			}
			if k > 0 {
				continue
			}
			// No call blocked: nothing to suspend. A race is not
			// explained by a suspended run, where a call woken up runs
			// alongside a later one.
			if g != nil && family(g.Kind) == sched.Leak && f.Kind != sched.DataRace {
				variants = append(variants, plan.Suspended(order))
			}
			if settle {
				variants = append(variants, plan.Settled(order, false), plan.Settled(order, true))
				if !b.noPause {
					variants = append(variants, pauses(plan, order, s)...)
				}
			}
		}
	}
	why, order, complete, m, err := b.guided(plan, f, s, want, o)
	n += m
	if why != "" || err != nil || complete {
		// A complete guided search ran every order that can explain
		// the failure on one goroutine: the merges would add nothing.
		return why, order, want, n, err
	}
	for _, order := range allMerges(plan, seed) {
		if tried[fmt.Sprint(order)] {
			continue
		}
		q := plan.Sequential(order)
		r, ss, err := b.explore(q, o, nil)
		if err != nil {
			return "", nil, "", n, err
		}
		n += r.Executions
		if b.same(r.Failure, f, want, ss) && explains(order, q.Threads, ss, s) {
			why, m, err := b.why(plan, order, r.Failure, ss, o)
			return why, order, want, n + m, err
		}
	}
	return "", nil, "", n, nil
}

// allMerges returns every merge of plan's calls when there are at most
// seqMerges, and none otherwise.
func allMerges(plan *envgen.Plan, seed uint64) [][]envgen.CallRef {
	if n, ok := plan.NumMerges(); !ok || n > seqMerges {
		return nil
	}
	return plan.Merges(seqMerges, seed)
}

// same reports whether g, the failure of a sequential run (snapshot ss),
// is failure f (signature want) and can explain it: only a failure of
// the order itself explains, one on dfs's first schedule (each goroutine
// runs until it blocks), not one that needed the component's own
// goroutines to interleave with the calls or a timer to fire early (a
// concurrency bug inside one call).
func (b *baseline) same(g, f *sched.Failure, want string, ss *runSnap) bool {
	return g != nil && g.Execution == 0 && g.Timing == "" && family(g.Kind) == family(f.Kind) && b.signature(g, ss) == want
}

// why returns the reason for a sequential run of order (snapshot ss)
// that shows the failure g, and the executions it ran to find it.
func (b *baseline) why(plan *envgen.Plan, order []envgen.CallRef, g *sched.Failure, ss *runSnap, o sched.Options) (string, int, error) {
	k := ss.panickedAt()
	if g.Kind != sched.Panic || k < 0 {
		return b.reason(g, ss, false), 0, nil
	}
	// Does the call panic alone on a new component? Then the advice
	// is about its arguments.
	r, _, err := b.explore(plan.Sequential(order[k:k+1]), o, nil)
	if err != nil {
		return "", 0, err
	}
	alone := r.Failure != nil && r.Failure.Kind == sched.Panic
	return b.reason(g, ss, alone), r.Executions, nil
}

// guided searches the orders one at a time as Wing and Gong do for
// linearizability (Wing and Gong, "Testing and Verifying Concurrent
// Objects", JPDC 1993; Lincheck's search too): an order grows by one
// goroutine's next call only where that call, run after the order so
// far one at a time, returns with the result it returned in the failing
// execution s (when it returned there, and its results are compared:
// every result of a basic type, as the linearizability check compares
// them); a call that fails instead ends the order, which explains the
// failure f (signature want) if it is the same failure and every call
// that returned in s returned. So a semaphore whose Acquire is left
// blocked after the others returned is explained by the one order that
// alternates its Acquires and Releases, whichever order the calls
// returned in and however many merges there are. Of the goroutines,
// the one whose next call returned first in s (then started first) is
// tried first: the search starts from the order the calls returned in
// and moves a call that returned late earlier only when that order
// fails (a SubmitWait woken only after a Stop returned; the results of
// calls that return an error are not compared, and going through the
// goroutines in turn spent the runs on orders with the Stop early).
// Each step is one sequential run of dfs's first schedule (seqGuided
// at most); the Finish call runs only after a complete order. complete
// says the search ran every order that can explain f on one goroutine:
// it was not cut short, and no call was left out for its result.
func (b *baseline) guided(plan *envgen.Plan, f *sched.Failure, s *runSnap, want string, o sched.Options) (why string, order []envgen.CallRef, complete bool, n int, err error) {
	total, runs := plan.Calls(), 0
	complete = true
	next := make([]int, len(plan.Threads))
	var search func(prefix []envgen.CallRef) (bool, error)
	rank := returnRank(s)
	search = func(prefix []envgen.CallRef) (bool, error) {
		// The goroutine whose next call returned first in s first: the
		// search starts from the order the calls returned in, and moves
		// a call that returned late earlier only when that order fails.
		gs := make([]int, len(plan.Threads))
		for g := range gs {
			gs[g] = g
		}
		slices.SortStableFunc(gs, func(a, b int) int {
			return rank(envgen.CallRef{G: a, J: next[a]}) - rank(envgen.CallRef{G: b, J: next[b]})
		})
		for _, g := range gs {
			th := plan.Threads[g]
			if next[g] == len(th) {
				continue
			}
			if runs >= seqGuided {
				complete = false
				continue
			}
			ref := envgen.CallRef{G: g, J: next[g]}
			cand := append(slices.Clone(prefix), ref)
			q := plan.Sequential(cand)
			q.Results, q.Free = true, plan.Free || len(cand) < total
			r, ss, err := b.explore(q, o, nil)
			if err != nil {
				return false, err
			}
			runs++
			n += r.Executions
			if gf := r.Failure; gf != nil {
				if b.same(gf, f, want, ss) && explains(cand, q.Threads, ss, s) {
					var m int
					why, m, err = b.why(plan, cand, gf, ss, o)
					n += m
					order = cand
					return true, err
				}
				continue // it fails otherwise: nothing runs after it
			}
			if len(cand) == total {
				continue
			}
			if !b.observed(s, ref, ss) {
				complete = false
				continue
			}
			next[g]++
			found, err := search(cand)
			next[g]--
			if found || err != nil {
				return found, err
			}
		}
		return false, nil
	}
	_, err = search(nil)
	return why, order, complete, n, err
}

// returnRank returns the rank of a call in the failing execution s:
// the calls that returned in the order they did, then those in progress
// in the order they started, then those that did not start.
func returnRank(s *runSnap) func(envgen.CallRef) int {
	rank := map[envgen.CallRef]int{}
	for i, c := range s.order {
		rank[c] = i
	}
	for i, c := range s.started {
		if _, ok := rank[c]; !ok {
			rank[c] = len(s.order) + i
		}
	}
	return func(c envgen.CallRef) int {
		if r, ok := rank[c]; ok {
			return r
		}
		return len(s.order) + len(s.started) + c.G
	}
}

// observed reports whether call ref, last in a sequential run ss where
// every call returned, returned what it returned in the failing
// execution s: yes if it did not return there, its results are not
// compared, or s did not record them.
func (b *baseline) observed(s *runSnap, ref envgen.CallRef, ss *runSnap) bool {
	if ref.G >= len(s.results) || ref.J >= len(s.results[ref.G]) || s.results[ref.G][ref.J] == "" || len(ss.results) != 1 {
		return true // not returned, or not recorded
	}
	if m := s.calls[ref.G][ref.J].Method; !comparableResults(b.comp.Methods[m].Sig) {
		return true
	}
	got := ss.results[0]
	return len(got) > 0 && got[len(got)-1] == s.results[ref.G][ref.J]
}

// explainBefore explains a failure f (signature want) that came before
// the environment's goroutines started, in the constructor or the init
// method: no call ran, so a panic or a block there is the arguments' if
// the environment without calls fails the same way on the first schedule
// (a pool's NewPool(0) panics "maxSize is less than 1"), and a
// concurrency bug of the constructor otherwise, as is a race or a leak of
// its own goroutines. It is never blamed on a method.
func (b *baseline) explainBefore(plan *envgen.Plan, f *sched.Failure, want string, o sched.Options) (string, int, error) {
	if f.Kind != sched.Panic && f.Kind != sched.GlobalDeadlock {
		return "", 0, nil // a race or a leak of the constructor's own goroutines
	}
	r, ss, err := b.explore(plan.Sequential(nil), o, nil)
	if err != nil || r.Failure == nil {
		return "", r.Executions, err
	}
	g := r.Failure
	if g.Execution != 0 || g.Timing != "" || family(g.Kind) != family(f.Kind) || len(ss.ids) != 0 || b.signature(g, ss) != want {
		return "", r.Executions, nil
	}
	return fmt.Sprintf("%s fails before any call (%s: %s); if it cannot take these arguments, give its parameters values with mcheck.Values",
		check.BuiltString(b.comp, plan), g.Kind, g.Summary()), r.Executions, nil
}

// envBlocked reports whether f leaves only calls of the environment
// blocked (and the test's goroutine waiting for them, or in the
// component's Finish): an API that blocks by design
// once what earlier calls started has run (a Close that waits for a
// resource the environment never gives back), which a settled sequential
// run may explain. A goroutine the component started and left blocked is
// a leak no sequential run explains.
func envBlocked(f *sched.Failure, s *runSnap) bool {
	if family(f.Kind) != sched.Leak || len(f.Goroutines) == 0 {
		return false
	}
	for _, g := range f.Goroutines {
		// The test's goroutine waits for the environment, or runs its
		// Init or Finish.
		if g.Created != "" && s.inProgress(g.ID) == nil {
			return false
		}
	}
	return true
}

// pauses returns the variants of order with one pause (Plan.SettledAt)
// between two calls of one goroutine, where the component's own goroutines
// were busy when the first of them started in the failing execution s:
// the calls then run back to back but for that pause, in which what they
// started settles, as a caller that waits a while between two calls. A
// TryGet that gets the lease a goroutine of an earlier one made, between
// two calls of the same goroutine, and a Close that then waits for it to
// be given back, is a misuse such a run shows.
func pauses(plan *envgen.Plan, order []envgen.CallRef, s *runSnap) []*envgen.Plan {
	var out []*envgen.Plan
	for k := 1; k < len(order); k++ {
		i := slices.Index(s.started, order[k-1])
		if i < 0 || s.settled[i] || order[k].G != order[k-1].G {
			continue
		}
		at := make([]bool, len(order))
		at[k] = true
		out = append(out, plan.SettledAt(order, at))
	}
	return out
}

// explains reports whether a sequential run ss of order, whose calls
// its goroutines ran in turn (threads: one goroutine, a goroutine per
// call, or per run of one goroutine's calls), made every call that
// returned in the failing execution s return too (so a Wait that blocks
// when it runs before the Set does not explain a Wait left blocked after
// the Set returned: a lost wake-up).
func explains(order []envgen.CallRef, threads [][]envgen.Call, ss, s *runSnap) bool {
	ran := map[envgen.CallRef]bool{}
	i := 0
	for k, th := range threads {
		for j := range th {
			ran[order[i]] = k < len(ss.returned) && j < ss.returned[k]
			i++
		}
	}
	for g, n := range s.returned {
		for j := range n {
			if !ran[envgen.CallRef{G: g, J: j}] {
				return false
			}
		}
	}
	return true
}

// orders returns the sequential orders of plan's calls to try for a
// failure whose execution s is, at most seqOrders, distinct: first the
// goroutines' calls goroutine by goroutine (in both orders), then the
// calls in the order they returned in s (with those in progress where
// they started or last), then in the order they started (with those in
// progress where they started or last), then those
// that can explain it directly, where the calls that returned run first
// (in every merge of them) and then the next call of one goroutine, the
// others after; then those where every call that started runs first (in
// every merge: a call left blocked may have been woken, as a suspended
// operation, by a later one); then merges of all the calls (plan.Merges).
// Each family gets at most its share of seqOrders, so that none crowds
// out the next.
func orders(plan *envgen.Plan, s *runSnap, seed uint64) [][]envgen.CallRef {
	var out [][]envgen.CallRef
	seen := map[string]bool{}
	limit := 0
	add := func(o []envgen.CallRef) {
		key := fmt.Sprint(o)
		if len(out) < limit && !seen[key] {
			seen[key] = true
			out = append(out, o)
		}
	}
	// prefix returns the plan of each goroutine's first n[g] calls.
	prefix := func(n []int) *envgen.Plan {
		p := &envgen.Plan{Env: envgen.Random}
		for g, th := range plan.Threads {
			p.Threads = append(p.Threads, th[:min(n[g], len(th))])
		}
		return p
	}
	limit = seqOrders / 2
	// Goroutine by goroutine, first: a failure of one goroutine's own
	// calls shows there whatever the others did before it.
	add(appendRest(plan, nil, true))
	add(appendRest(plan, nil, false))
	// The order in which the calls returned in the failing execution,
	// with each call left in progress either where it started or after
	// all the others (a woken Acquire that had not returned yet took
	// effect early; one preempted before it did anything, late, after
	// the call that panicked): when the calls overlapped little, the
	// sequential orders the execution was close to (the Take that got
	// the other goroutine's item runs after its Put).
	var inProgress []envgen.CallRef
	for g, n := range s.returned {
		if n < len(s.calls[g]) {
			inProgress = append(inProgress, envgen.CallRef{G: g, J: n})
		}
	}
	k := min(len(inProgress), 4)
	for mask := range 1 << k {
		var o []envgen.CallRef
		placed := make([]bool, len(inProgress))
		for i, ret := range s.order {
			for j, c := range inProgress[:k] {
				if mask&(1<<j) != 0 && !placed[j] && slices.Index(s.started, c) < s.retAt[i] {
					o, placed[j] = append(o, c), true
				}
			}
			o = append(o, ret)
		}
		// The call whose panic ended the execution first: the others
		// had not taken effect when it did.
		for _, first := range []bool{true, false} {
			for j, c := range inProgress {
				if !placed[j] && (c.G == s.panicG) == first {
					o = append(o, c)
				}
			}
		}
		add(appendRest(plan, o, true))
	}
	// The order in which the calls started, with those in progress
	// where they started or last: a call that returned late may have
	// taken effect early, before calls that started after it and
	// returned before it did (a SubmitWait whose task ran before a Stop,
	// woken only after the Stop returned, panics when it runs after the
	// Stop).
	for _, last := range []bool{false, true} {
		add(appendRest(plan, startOrder(s, last), true))
	}
	done := prefix(s.returned)
	for _, merge := range done.Merges(seqOrders, seed) {
		for first := range plan.Threads {
			if len(done.Threads[first]) == len(plan.Threads[first]) {
				continue
			}
			for _, up := range []bool{true, false} {
				o := append(slices.Clone(merge), envgen.CallRef{G: first, J: len(done.Threads[first])})
				add(appendRest(plan, o, up))
			}
		}
	}
	limit += seqOrders / 4
	started := make([]int, len(plan.Threads))
	for g := range started {
		started[g] = len(s.calls[g])
	}
	if !slices.Equal(started, s.returned) {
		for _, merge := range prefix(started).Merges(seqOrders, seed) {
			add(appendRest(plan, merge, true))
		}
	}
	limit = seqOrders
	for _, o := range plan.Merges(seqOrders, seed) {
		add(o)
	}
	return out
}

// startOrder returns the calls that started in s in the order they
// started; with last, those in progress after the others, the one whose
// panic ended the execution first.
func startOrder(s *runSnap, last bool) []envgen.CallRef {
	var o, held []envgen.CallRef
	for _, c := range s.started {
		if last && c.J >= s.returned[c.G] {
			held = append(held, c)
			continue
		}
		o = append(o, c)
	}
	for _, first := range []bool{true, false} {
		for _, c := range held {
			if (c.G == s.panicG) == first {
				o = append(o, c)
			}
		}
	}
	return o
}

// appendRest appends to o the calls of plan not in it, goroutine by
// goroutine, in order (up) or from the last goroutine (down).
func appendRest(plan *envgen.Plan, o []envgen.CallRef, up bool) []envgen.CallRef {
	for i := range plan.Threads {
		g := i
		if !up {
			g = len(plan.Threads) - 1 - i
		}
		for j := range plan.Threads[g] {
			if ref := (envgen.CallRef{G: g, J: j}); !slices.Contains(o, ref) {
				o = append(o, ref)
			}
		}
	}
	return o
}

// sequential returns the options of a sequential run, from the check's
// o: dfs for at most n executions, on one worker, nothing written.
func sequential(o sched.Options, seed uint64, n int) sched.Options {
	o.Strategy, o.Seed, o.Executions, o.Time, o.Workers = "dfs", seed, n, 0, 1
	o.Replay, o.TraceFile, o.Progress, o.Custom = "", "", nil, nil
	return o
}

// family merges the kinds of blocked goroutines: a deadlock of the
// environment's goroutines is global (the test waits for them), but
// goroutines of the component that go on running make it partial.
func family(k sched.Kind) sched.Kind {
	if k == sched.GlobalDeadlock {
		return sched.Leak
	}
	return k
}

// signature is what two failures must share to be the same failure:
// their family, and what the family's failures are told apart by. It is
// made of facts (wait reasons, positions, panic values, the methods of
// calls), never of a report's words: a verdict must not change when a
// report is reworded.
func (b *baseline) signature(f *sched.Failure, s *runSnap) string {
	return string(family(f.Kind)) + ": " + b.what(f, s)
}

func (b *baseline) what(f *sched.Failure, s *runSnap) string {
	switch family(f.Kind) {
	case sched.Leak, sched.Livelock:
		return b.places(f, s)
	case sched.Panic:
		return b.method(s.panicked) + ": " + panicWhat(f)
	case sched.DataRace:
		if f.Race == nil {
			return ""
		}
		pair := []string{f.Race.Current.Pos, f.Race.Previous.Pos}
		slices.Sort(pair)
		return strings.Join(pair, " and ")
	case sched.ExitStatus:
		return strconv.Itoa(f.ExitCode)
	case sched.TestFailed:
		return f.Message // what the test logged: the program's words, not mcheck's
	}
	return ""
}

// places lists where f's goroutines are, but the test's waiting for the
// environment's: each by the method of its call in progress (or its
// creation site), with what it waits for (its wait reason, as a number:
// not its words) and where.
func (b *baseline) places(f *sched.Failure, s *runSnap) string {
	var places []string
	for _, g := range f.Goroutines {
		if g.HarnessWait {
			continue // the test's goroutine, waiting for the environment's
		}
		where := "created at " + g.Created
		if c := s.inProgress(g.ID); c != nil {
			where = "in " + b.method(c)
		}
		places = append(places, fmt.Sprintf("%s [wait %d at %s, %s]", where, g.Wait, g.Pos, b.userPos(g)))
	}
	slices.Sort(places)
	return strings.Join(slices.Compact(places), "; ")
}

// panicWhat tells panics apart by their facts: the first panic's value
// (and whether it was recovered and repanicked) or the fatal error, and
// whether other panics followed it. (The innermost frame's position is
// not compared: the report that signatures were made from before had no
// stack.)
func panicWhat(f *sched.Failure) string {
	p := f.Panic
	if p == nil {
		return ""
	}
	if p.Fatal != "" || len(p.Chain) == 0 {
		return fmt.Sprintf("fatal %q", p.Fatal)
	}
	return fmt.Sprintf("%q (recovered %t, repanicked %t), more panics %t", p.Chain[0].Text, p.Chain[0].Recovered, p.Chain[0].Repanicked, len(p.Chain) > 1)
}

// reason says why a sequential failure g (snapshot s) is not a
// concurrency bug, for the summary and -mcheck.v; alone says the call
// that panicked panics alone on a new component too.
func (b *baseline) reason(g *sched.Failure, s *runSnap, alone bool) string {
	const seq = "when the calls run one at a time"
	switch family(g.Kind) {
	case sched.Leak:
		for _, gr := range g.Goroutines {
			if c := s.inProgress(gr.ID); c != nil && !gr.HarnessWait {
				return fmt.Sprintf("%s blocks %s (%s at %s); if it blocks by design, say when it may be called with mcheck.Protocol", b.method(c), seq, gr.Op, b.userPos(gr))
			}
		}
		for _, gr := range g.Goroutines {
			if !gr.HarnessWait && gr.Created == "" && b.comp.Finish != nil {
				// The test's goroutine, in the call made last.
				return fmt.Sprintf("%s, called last, blocks %s (%s at %s); if it blocks by design, say when it may be called with mcheck.Protocol", b.comp.Finish.Name, seq, gr.Op, b.userPos(gr))
			}
		}
		for _, gr := range g.Goroutines {
			if !gr.HarnessWait {
				why := fmt.Sprintf("goroutines created at %s stay blocked %s (%s at %s)", gr.Created, seq, gr.Op, b.userPos(gr))
				if m := b.closeLike(); m != "" {
					why += fmt.Sprintf("; if %s ends them, have the environment call it last with mcheck.Finish(%q)", m, m)
				}
				return why
			}
		}
	case sched.Panic:
		msg := g.Summary()
		if s.panicked != nil {
			m := b.method(s.panicked)
			advice := "if that is its contract, say when it may be called with mcheck.Protocol"
			switch {
			case alone:
				return fmt.Sprintf("%s panics when it is the only call on a new component: %s; if it cannot take these arguments, give its parameters values with mcheck.Values, or leave it out with mcheck.Exclude(%q)", m, msg, m)
			case slices.Contains(envgen.CloseLike, m):
				advice = fmt.Sprintf("if it may be called only once, last, say so with mcheck.Finish(%q)", m)
			}
			return fmt.Sprintf("%s panics %s: %s; %s", m, seq, msg, advice)
		}
		return fmt.Sprintf("a panic %s: %s", seq, msg)
	}
	return fmt.Sprintf("%s %s: %s", g.Kind, seq, g.Summary())
}

// userPos is the position of g's innermost frame in the component's
// package (file:line), or where it is stopped if none is: where a
// goroutine blocked in sync.Cond.Wait waits, say.
func (b *baseline) userPos(g ssainterp.Goroutine) string {
	if b.comp.Pkg == nil {
		return g.Pos
	}
	for _, f := range g.Frames {
		if f.Pkg == b.comp.Pkg.Path() && f.File != "" {
			return fmt.Sprintf("%s:%d", filepath.Base(f.File), f.Line)
		}
	}
	return g.Pos
}

// closeLike returns the component's Close-like method the environment
// was not told to call last, or "".
func (b *baseline) closeLike() string {
	if b.comp.Finish != nil {
		return ""
	}
	for _, m := range b.comp.Methods {
		if slices.Contains(envgen.CloseLike, m.Name) {
			return m.Name
		}
	}
	return ""
}
