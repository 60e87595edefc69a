package component

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/internal/splitmix"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// The phase search: the restart loop. It draws environments (package
// envgen) and explores each for a budget that grows by the restart
// strategy (package restarts), until a bug is found or the budget is
// spent. An attempt explores environments drawn from its seed for its
// budget: each on past the failures the sequential baseline explains
// (the phase explain, baseline.go), and the next one after maxExplained
// of them, so that every attempt spends its whole budget (the
// baseline's executions too) unless it finds a bug or exhausts an
// environment, and the search stays the same for any number of workers.

// found is the bug an attempt found.
type found struct {
	plan  *envgen.Plan
	rep   *sched.Report
	snap  *runSnap
	seed  uint64
	known []string // failures explained in plan
}

// tried is what an attempt tried.
type tried struct {
	envs          int      // environments
	why           []string // why each discarded one was
	finished      int      // executions of the environments that finished
	inconclusive  int      // and those that did not (the step bound, the time budget)
	interrupted   string   // where the time budget cut one
	undecided     []string // the kinds of failures the budget left undecided
	undecidedToks []string // and their tokens
}

// searched is the outcome of the search.
type searched struct {
	out       *restarts.Outcome
	rc        restarts.Config
	exhausted atomic.Bool // the environment of a single attempt was explored in full
	mu        sync.Mutex  // attempts run on several workers
	tries     map[int]tried
}

// search runs the restart loop.
func (ck *checker) search() (*searched, error) {
	ck.models = check.NewComponentModels(ck.corpus)
	c, cc := ck.c, ck.cc
	s := &searched{tries: map[int]tried{}}
	s.rc = restarts.Config{Strategy: cc.Restart, Unit: cc.Unit, Seed: c.Shard.Seed(c.Seed), Workers: c.Workers,
		Total: restarts.Budget{Executions: c.Executions, Time: c.Time}}
	if c.Executions > 0 { // the probe's executions count against the budget
		s.rc.Total.Executions = max(c.Executions-ck.probed, 1)
	}
	if cc.Env == envgen.Universal && c.Strategy == "dfs" {
		s.rc.Strategy = "none" // one universal environment, explored in full
	}
	// No early stop for Component (c.Saturate): ordering pairs saturate
	// long before the environments (arguments, call sequences) do. The
	// lost wake-up of x/sync's semaphore (examples/realworld
	// semaphore-cancel-wakeup) needs a rare environment: found in 1 of 3
	// checks of 3s, in 0 of 4 that stopped when the pairs saturated
	// (after 0.5s).
	out, err := restarts.Run(s.rc, func(i int, seed uint64, b restarts.Budget) (restarts.Result, error) {
		a := &attempt{ck: ck, s: s, i: i, b: b, left: b.Executions}
		if b.Time > 0 {
			a.deadline = time.Now().Add(b.Time)
		}
		defer a.record()
		return a.run(seed)
	})
	s.out = out
	return s, err
}

// attempt is one attempt of the restart loop.
type attempt struct {
	ck       *checker
	s        *searched
	i        int             // from 1
	b        restarts.Budget // its budget
	deadline time.Time       // of a time budget
	left     int             // executions left of b's
	spent    int             // executions spent
	t        tried
}

// record records what a tried.
func (a *attempt) record() {
	a.s.mu.Lock()
	a.s.tries[a.i] = a.t
	a.s.mu.Unlock()
}

// spend counts n executions; it reports whether the budget is spent.
func (a *attempt) spend(n int) bool {
	a.spent += n
	if a.left > 0 {
		a.left = max(a.left-n, 0)
	}
	return a.b.Executions > 0 && a.left == 0 || a.b.Time > 0 && time.Now().After(a.deadline)
}

// run draws environments from seed and explores each, until one ends
// the attempt.
func (a *attempt) run(seed uint64) (restarts.Result, error) {
	ck := a.ck
	ao, err := ck.models.AttemptOptions(ck.c, a.i, a.b) // the attempt's strategy
	if err != nil {
		return restarts.Result{}, err
	}
	ao.Coverage = ck.cov
	for {
		a.t.envs++
		plan := envgen.Draw(ck.comp, ck.cc.Env, reductionOf(ck.comp, ck.cc, a.i), ck.cc.Goroutines, ck.cc.MaxCalls, seed)
		coverMethods(ck.cov, ck.comp, plan)
		res, done, err := a.environment(plan, ao, &seed)
		if done || err != nil {
			return res, err
		}
		seed = splitmix.Next(seed)
	}
}

// environment explores plan from *seed on past the failures the
// baseline explains, each time with the next seed (the same
// environment, other schedules), up to maxExplained of them; done says
// the attempt ends, with res.
func (a *attempt) environment(plan *envgen.Plan, ao sched.Options, seed *uint64) (res restarts.Result, done bool, err error) {
	var known []string // the failures the baseline explained in plan
	for {
		o := ao
		o.Seed, o.Executions, o.Workers = *seed, a.left, 1
		if o.Executions == 0 {
			o.Executions = 1 << 30
		}
		if a.b.Time > 0 {
			o.Time = max(time.Until(a.deadline), time.Millisecond)
		}
		r, snap, err := a.ck.explore(plan, o, known)
		if err != nil {
			return restarts.Result{}, true, err
		}
		a.t.finished += r.Executions + r.Pruned
		a.t.inconclusive += r.Inconclusive
		a.t.interrupted = cmp.Or(r.Interrupted, a.t.interrupted)
		out := a.spend(r.Executions)
		why, sig, undecided, err := a.explain(plan, r, snap, *seed, &out)
		if err != nil {
			return restarts.Result{}, true, err
		}
		if undecided {
			return restarts.Result{Executions: a.spent}, true, nil
		}
		if why == "" {
			a.s.exhausted.Store(r.Exhausted) // read only for a single attempt
			return restarts.Result{Found: r.Failure != nil, Exhausted: r.Exhausted, Executions: a.spent,
				Bug: found{plan, r, snap, *seed, known}}, true, nil
		}
		a.t.why = append(a.t.why, why)
		if out {
			return restarts.Result{Executions: a.spent}, true, nil
		}
		if known = append(known, sig); len(known) >= maxExplained {
			return restarts.Result{}, false, nil
		}
		*seed = splitmix.Next(*seed) // the same environment, other schedules
	}
}

// explain runs the phase explain on r's failure, if any, in plan: why
// the sequential baseline discards it ("" for a bug, or no failure) and
// its signature. undecided says the time budget ran out first (the
// failure is recorded as such). The baseline's executions are spent,
// *out set if that spends the budget.
func (a *attempt) explain(plan *envgen.Plan, r *sched.Report, snap *runSnap, seed uint64, out *bool) (why, sig string, undecided bool, err error) {
	if r.Failure == nil {
		return "", "", false, nil
	}
	why, order, sig, n, err := a.ck.bl.explain(plan, r.Failure, snap, seed)
	if errors.Is(err, errSpent) {
		// Neither a bug nor explained (ComponentReport.Undecided).
		a.t.undecided = append(a.t.undecided, string(r.Failure.Kind))
		a.t.undecidedToks = append(a.t.undecidedToks, plan.Encode()+"."+r.Failure.Schedule.Token())
		return "", "", true, nil
	}
	if err != nil {
		return "", "", false, err
	}
	*out = a.spend(n) || *out
	if p := a.ck.c.Progress; why != "" && p != nil {
		a.s.mu.Lock()
		fmt.Fprintf(p, "mcheck: a failure in an environment of attempt %d discarded, not a concurrency bug: %s\n  %s\n  in the order %s\n",
			a.i, why, strings.ReplaceAll(r.Failure.Environment, "\n", "\n  "), orderString(a.ck.comp, plan, order))
		a.s.mu.Unlock()
	}
	return why, sig, false, nil
}
