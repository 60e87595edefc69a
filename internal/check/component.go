package check

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/splitmix"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// The component restart loop: mcheck.Component checks a component from
// its constructor by drawing environments (package envgen) and exploring
// each for a budget that grows by the restart strategy (package
// restarts), until a bug is found or the budget is spent; a failure's
// environment is shrunk before it is reported.

// ComponentReport is the outcome of checking a component.
type ComponentReport struct {
	Component  *envgen.Component
	Failure    *sched.Failure // nil: no bug
	Plan       *envgen.Plan   // the environment of the failure (shrunk)
	Token      string         // replays the failure: environment and schedule, without identity
	Attempts   int            // environments tried (an attempt of the restarts tries another when one is discarded)
	Executions int
	Elapsed    time.Duration
	Exhausted  bool // a single environment (no restarts) was explored completely
	// Discarded counts the failures a sequential order of their
	// environment's calls shows too (baseline.go): not concurrency
	// bugs, so the search went on; Why says why the first was.
	Discarded int
	Why       string
	// Undecided counts the failures found as the time budget ran out,
	// before the sequential baseline decided them (neither reported
	// nor discarded; saved in the test's corpus, so that the next run
	// replays and decides them first); UndecidedKind is the first's.
	Undecided     int
	UndecidedKind string
	// NotStarted says the failure came before the environment's
	// goroutines started (in the constructor or the init method): no
	// method of the environment ran, and none is blamed.
	NotStarted bool
	FromCorpus bool // the failure is one saved in the corpus
	Replayed   bool // the environment and schedule of a replay token ran, not a search

	// Note is about the search: a saved EDA model that was ignored, and why (eda.go).
	Note string
}

// Advice explains failures that are likely bad input rather than a
// concurrency bug: a panic of a single call (a method that cannot take
// the values it was given), and a goroutine leak of a component that
// has a Close-like method the environment was not told to call.
func (rep *ComponentReport) Advice() string {
	f, comp := rep.Failure, rep.Component
	if f == nil {
		return ""
	}
	if rep.NotStarted {
		return fmt.Sprintf("note: the failure came before any call, in %s: no method ran, and none is to blame\n", builtString(comp, rep.Plan))
	}
	if f.Kind == sched.Panic && rep.Plan.Env == envgen.Random && rep.Plan.Calls() == 1 {
		for _, th := range rep.Plan.Threads {
			for _, call := range th {
				name := comp.Methods[call.Method].Name
				return fmt.Sprintf("note: %s panics when it is the only call on a new component: not a concurrency bug, but a method that cannot take these arguments; give its parameters values with mcheck.Values, or leave it out with mcheck.Exclude(%q)\n", name, name)
			}
		}
	}
	if f.Kind == sched.Leak && comp.Finish == nil {
		for _, m := range comp.Methods {
			switch m.Name {
			case "Close", "Stop", "Shutdown":
				return fmt.Sprintf("note: if %s ends the goroutines the component starts, have the environment call it last with mcheck.Finish(%q)\n", m.Name, m.Name)
			}
		}
	}
	return ""
}

// CheckComponentTest loads the package in dir with its tests, learns the
// component from the mcheck.Component call of its function id.Test (a
// test, or a scenario with a test's signature), and explores
// environments of it under restarts, as c says (flags are not applied).
// It is for harnesses (the demo, benchmarks, tests of mcheck): it uses
// no corpus, so that nothing saved by an earlier run is replayed or
// warms the EDA up, and it writes nothing under dir; a test's own check
// (package gotest) keeps its corpus.
func CheckComponentTest(dir string, id ID, c Config) (*ComponentReport, error) {
	target, err := LoadTest(dir, id, c.Tags)
	if err != nil {
		return nil, err
	}
	return CheckComponent(target, id, "", c)
}

// CheckComponent checks the component of the mcheck.Component call of
// the test id that target starts; failures saved in corpus are replayed
// first (none if corpus is "").
func CheckComponent(target sched.Target, id ID, corpus Corpus, c Config) (*ComponentReport, error) {
	if err := c.Err(); err != nil {
		return nil, err
	}
	if c.Time < 0 || c.Executions < 0 || c.Component.Unit.Time < 0 || c.Component.Unit.Executions < 0 {
		return nil, fmt.Errorf("negative budget (time %v, executions %d, restart unit %v, %d executions): a budget must be positive",
			c.Time, c.Executions, c.Component.Unit.Time, c.Component.Unit.Executions)
	}
	got, err := Probe(target)
	if err != nil {
		return nil, err
	}
	if got.Run {
		return nil, errors.New("the test calls mcheck.Run before mcheck.Component")
	}
	if c.TestOptions != nil {
		if err := c.TestOptions(&c, got.Options); err != nil {
			return nil, err
		}
		if err := c.Err(); err != nil {
			return nil, err
		}
	}
	if err := c.useGuided(); err != nil {
		return nil, err
	}
	DefaultBudget(&c, ComponentTime, false)
	replayTok, err := c.replayFor(id)
	if err != nil {
		return nil, err
	}
	comp, err := extract(target.Prog, got, c.Component)
	if err != nil {
		return nil, err
	}
	cc := c.Component
	if cc.Goroutines <= 0 {
		cc.Goroutines = DefaultGoroutine
	}
	if cc.Env == "" {
		cc.Env = DefaultEnv
	}
	if cc.Restart == "" {
		cc.Restart = DefaultRestart
	}
	if cc.Unit == (restarts.Budget{}) {
		cc.Unit.Executions = DefaultUnit
	}
	if cc.Env == envgen.Random {
		reduce(target.Prog, comp, cc)
	}
	start := time.Now()
	explore := exploreIn(target, comp, c.Options, cc.Linearizable)
	// The search stops at the time budget; what follows a failure (the
	// sequential baseline, shrinking) is cut at the budget too, each search
	// within its grace (sched.DeadlineGrace).
	capped := explore
	if c.Time > 0 {
		capped = explore.until(start.Add(c.Time))
	}
	bl := &baseline{comp: comp, opts: c.Options, explore: capped}
	rep := &ComponentReport{Component: comp}
	// replay runs a token; a failure ends the check.
	replay := func(tok string, explicit bool) (bool, error) {
		plan, schedule, err := splitToken(tok)
		if err == nil {
			err = plan.Check(comp)
		}
		if err != nil {
			return false, err
		}
		o := c.Options
		o.Replay = schedule
		r, snap, err := explore(plan, o, nil)
		if errors.Is(err, sched.ErrTokenMismatch) && !explicit {
			return false, nil // saved for an older version of the code
		}
		if err != nil || r.Failure == nil || r.Failure.Kind == sched.Nondeterminism && !explicit {
			return false, err
		}
		if !explicit {
			// Saved before the sequential baseline, say: a failure
			// it explains is no longer reported.
			why, _, _, _, err := bl.explain(plan, r.Failure, snap, c.Seed)
			if why != "" || err != nil {
				return false, ignoreSpent(err)
			}
		}
		rep.Failure, rep.Plan, rep.Token, rep.Attempts, rep.Executions = r.Failure, plan, tok, 1, 1
		rep.NotStarted = len(snap.ids) == 0
		rep.Elapsed = time.Since(start)
		return true, nil
	}
	if replayTok != "" {
		_, err := replay(replayTok, true)
		rep.Elapsed, rep.Replayed = time.Since(start), true
		return rep, err
	}
	// Saved failures first (a token that no longer fits is skipped).
	for _, tok := range corpus.Tokens(id) {
		if plan, _, err := splitToken(tok); err != nil || plan.Check(comp) != nil {
			continue
		}
		if done, err := replay(tok, false); done || err != nil {
			rep.FromCorpus = done
			return rep, err
		}
	}
	type found struct {
		plan  *envgen.Plan
		rep   *sched.Report
		snap  *runSnap
		seed  uint64
		known []string // failures explained in plan
	}
	var exhausted atomic.Bool // attempts run on several workers
	type tried struct {
		envs          int      // environments
		why           []string // why each discarded one was
		finished      int      // executions of the environments that finished
		inconclusive  int      // and those that did not (the step bound, the time budget)
		interrupted   string   // where the time budget cut one
		undecided     []string // the kinds of failures the budget left undecided
		undecidedToks []string // and their tokens
	}
	var (
		mu    sync.Mutex
		tries = map[int]tried{} // by attempt
	)
	probed, notes, err := probeDomains(comp, target, c.Options, cc.Env == envgen.Random)
	if err != nil {
		return nil, err
	}
	comp.Notes = append(comp.Notes, notes...)
	models := newComponentModels(corpus) // the EDA's (eda.go)
	rc := restarts.Config{Strategy: cc.Restart, Unit: cc.Unit, Seed: c.Seed, Workers: c.Workers,
		Total: restarts.Budget{Executions: c.Executions, Time: c.Time}}
	if c.Executions > 0 { // the probe's executions count against the budget
		rc.Total.Executions = max(c.Executions-probed, 1)
	}
	if cc.Env == envgen.Universal && c.Strategy == "dfs" {
		rc.Strategy = "none" // one universal environment, explored in full
	}
	// An attempt explores environments drawn from its seed for its
	// budget: each on past the failures the sequential baseline explains
	// (baseline.go), and the next one after maxExplained of them, so that
	// every attempt spends its whole budget (the baseline's executions
	// too) unless it finds a bug or exhausts an environment, and the
	// search stays the same for any number of workers.
	out, err := restarts.Run(rc, func(i int, seed uint64, b restarts.Budget) (restarts.Result, error) {
		var deadline time.Time
		if b.Time > 0 {
			deadline = time.Now().Add(b.Time)
		}
		left, spent, t := b.Executions, 0, tried{}
		defer func() {
			mu.Lock()
			tries[i] = t
			mu.Unlock()
		}()
		// spend counts n executions; it reports whether the budget is spent.
		spend := func(n int) bool {
			spent += n
			if left > 0 {
				left = max(left-n, 0)
			}
			return b.Executions > 0 && left == 0 || b.Time > 0 && time.Now().After(deadline)
		}
		ao, err := models.attemptOptions(c, i, b) // the attempt's strategy
		if err != nil {
			return restarts.Result{}, err
		}
		for {
			t.envs++
			plan := envgen.Draw(comp, cc.Env, reductionOf(comp, cc, i), cc.Goroutines, cc.MaxCalls, seed)
			var known []string // the failures the baseline explained in plan
			for {
				o := ao
				o.Seed, o.Executions, o.Workers = seed, left, 1
				if o.Executions == 0 {
					o.Executions = 1 << 30
				}
				if b.Time > 0 {
					o.Time = max(time.Until(deadline), time.Millisecond)
				}
				r, snap, err := explore(plan, o, known)
				if err != nil {
					return restarts.Result{}, err
				}
				t.finished += r.Executions + r.Pruned
				t.inconclusive += r.Inconclusive
				t.interrupted = cmp.Or(r.Interrupted, t.interrupted)
				out := spend(r.Executions)
				why, sig := "", ""
				if r.Failure != nil {
					var order []envgen.CallRef
					var n int
					why, order, sig, n, err = bl.explain(plan, r.Failure, snap, seed)
					if errors.Is(err, errSpent) {
						// Neither a bug nor explained (ComponentReport.Undecided).
						t.undecided = append(t.undecided, string(r.Failure.Kind))
						t.undecidedToks = append(t.undecidedToks, plan.Encode()+"."+r.Failure.Schedule.Token())
						return restarts.Result{Executions: spent}, nil
					}
					if err != nil {
						return restarts.Result{}, err
					}
					out = spend(n) || out
					if why != "" && c.Progress != nil {
						mu.Lock()
						fmt.Fprintf(c.Progress, "mcheck: a failure in an environment of attempt %d discarded, not a concurrency bug: %s\n  %s\n  in the order %s\n",
							i, why, strings.ReplaceAll(r.Failure.Environment, "\n", "\n  "), orderString(comp, plan, order))
						mu.Unlock()
					}
				}
				if why == "" {
					exhausted.Store(r.Exhausted) // read only for a single attempt
					return restarts.Result{Found: r.Failure != nil, Exhausted: r.Exhausted, Executions: spent,
						Bug: found{plan, r, snap, seed, known}}, nil
				}
				t.why = append(t.why, why)
				if out {
					return restarts.Result{Executions: spent}, nil
				}
				if known = append(known, sig); len(known) >= maxExplained {
					break
				}
				seed = splitmix.Next(seed) // the same environment, other schedules
			}
			seed = splitmix.Next(seed)
		}
	})
	if err != nil {
		return nil, err
	}
	var foundRep *sched.Report
	if out.Found != nil {
		foundRep = out.Found.Bug.(found).rep
	}
	if rep.Note, err = models.save(c, out, foundRep); err != nil {
		return nil, err
	}
	rep.Executions = out.Executions + probed
	notChecked := &NotChecked{Test: id.Test}
	finished := 0
	for i := 1; i <= out.Attempts; i++ {
		t := tries[i]
		rep.Attempts += t.envs
		if rep.Discarded += len(t.why); rep.Why == "" && len(t.why) > 0 {
			rep.Why = t.why[0]
		}
		finished += t.finished
		notChecked.Inconclusive += t.inconclusive
		notChecked.Interrupted = cmp.Or(notChecked.Interrupted, t.interrupted)
		if rep.Undecided += len(t.undecided); rep.UndecidedKind == "" && len(t.undecided) > 0 {
			rep.UndecidedKind = t.undecided[0]
		}
		for _, tok := range t.undecidedToks {
			if out.Found == nil && corpus != "" {
				_, _ = corpus.Save(id.Token(tok)) // best effort, as Result.Save
			}
		}
	}
	switch {
	case out.Found == nil && rep.Undecided > 0 && rep.Undecided == rep.Attempts:
		// Every environment's failure was left undecided.
		notChecked.Undecided, notChecked.Elapsed = rep.UndecidedKind, time.Since(start)
		return nil, notChecked
	case out.Found == nil && finished == 0 && rep.Discarded == 0:
		// No execution of an environment finished: nothing was checked.
		notChecked.Elapsed = time.Since(start)
		return nil, notChecked
	}
	if out.Found != nil {
		fd := out.Found.Bug.(found)
		so, err := models.attemptOptions(c, 0, restarts.Budget{})
		if err != nil {
			return nil, err
		}
		plan, f, snap, err := shrinkPlan(fd.plan, fd.rep.Failure, fd.snap, fd.seed, fd.known, so, capped, bl)
		if err != nil {
			return nil, err
		}
		rep.Failure, rep.Plan, rep.NotStarted = f, plan, len(snap.ids) == 0
		rep.Token = plan.Encode() + "." + f.Schedule.Token()
	} else if rc.Strategy == "none" {
		rep.Exhausted = exhausted.Load()
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// Shrinking the environment: drop calls while the same kind of failure
// is still found with a small budget of executions, so the report shows
// few calls. The budget is in executions, so that shrinking is as
// deterministic as the search; shrinkTotal only guards against a slow
// component, and the check's time budget (with its grace) cuts it short:
// the environment is then reported as far as it was shrunk.
const (
	shrinkExecutions = 500
	shrinkTotal      = 5 * time.Second
)

// shrinkPlan shrinks plan, whose failure is f (snapshot s). A candidate
// whose failure a sequential order explains (bl) is not kept: it would
// trade the concurrency bug for the environment's own. A protocol trace
// is not shrunk: without a call it may not be a trace of the protocol.
func shrinkPlan(plan *envgen.Plan, f *sched.Failure, s *runSnap, seed uint64, known []string, o sched.Options, explore explorer, bl *baseline) (*envgen.Plan, *sched.Failure, *runSnap, error) {
	if plan.Env != envgen.Random || plan.Phases != nil {
		return plan, f, s, nil
	}
	o.Seed, o.Executions, o.Time, o.Workers, o.Replay = seed, shrinkExecutions, 0, 1, ""
	deadline := time.Now().Add(shrinkTotal)
	for changed := true; changed && time.Now().Before(deadline); {
		changed = false
		for g := len(plan.Threads) - 1; g >= 0; g-- {
			for j := len(plan.Threads[g]) - 1; j >= 0 && time.Now().Before(deadline); j-- {
				cand := plan.Without(g, j)
				if cand.Calls() == 0 {
					continue
				}
				r, snap, err := explore(cand, o, known)
				if errors.Is(err, errSpent) {
					return plan, f, s, nil
				}
				if err != nil {
					return nil, nil, nil, err
				}
				g := r.Failure
				if g == nil || g.Kind != f.Kind {
					continue
				}
				why, _, _, _, err := bl.explain(cand, g, snap, seed)
				if errors.Is(err, errSpent) {
					return plan, f, s, nil
				}
				if err != nil {
					return nil, nil, nil, err
				}
				if why == "" {
					plan, f, s, changed = cand, g, snap, true
				}
			}
		}
	}
	return plan, f, s, nil
}

// splitToken splits a component replay token, "e1.<environment>.v1.<schedule>".
func splitToken(tok string) (*envgen.Plan, string, error) {
	tok = strings.TrimSpace(tok)
	i := strings.Index(tok, ".v1.")
	if !strings.HasPrefix(tok, "e1.") || i < 0 {
		return nil, "", fmt.Errorf("%q is not a replay token of mcheck.Component (TestX.3f9a1c.e1.….v1.…)", tok)
	}
	plan, err := envgen.Decode(tok[:i])
	if err != nil {
		return nil, "", err
	}
	return plan, tok[i+1:], nil
}

// orderString spells a sequential order of plan's calls: "Put(1); Len()".
func orderString(comp *envgen.Component, plan *envgen.Plan, order []envgen.CallRef) string {
	pr := &envgen.Printer{Pkg: comp.Pkg, User: comp.User}
	calls := make([]string, len(order))
	for i, r := range order {
		calls[i] = plan.CallString(comp, pr, plan.Threads[r.G][r.J])
	}
	return strings.Join(calls, "; ")
}
