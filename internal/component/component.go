package component

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// The phases of a check, in order (doc.go): probe, extract, reduce,
// probe domains, search, explain, shrink, report. Check calls them; each
// is a function or method of its own below or in the file named.

// Check checks the component of the mcheck.Component call of the test id
// that target starts, as c says: c is resolved by the front end (the
// test's own options applied, flags too), and got is what the probe
// learnt at the call (nil: Check probes). A replay token in c runs
// alone; otherwise failures saved in corpus are replayed first (none if
// corpus is ""), then environments are searched under restarts.
func Check(target sched.Target, id check.ID, corpus check.Corpus, c check.Config, got *check.ProbeResult) (*check.ComponentReport, error) {
	return checkWith(target, id, corpus, c, got, nil)
}

// checkWith is Check with every failure's text rewritten by reword, if
// not nil (exploreIn).
func checkWith(target sched.Target, id check.ID, corpus check.Corpus, c check.Config, got *check.ProbeResult, reword func(*sched.Failure)) (*check.ComponentReport, error) {
	replayTok, err := resolve(&c, id)
	if err != nil {
		return nil, err
	}
	if got == nil {
		if got, err = Probe(target); err != nil {
			return nil, err
		}
	}
	ck, err := newChecker(target, id, corpus, c, got, reword)
	if err != nil {
		return nil, err
	}
	if replayTok != "" {
		_, err := ck.replay(replayTok, true)
		ck.rep.Elapsed, ck.rep.Replayed = time.Since(ck.start), true
		return ck.rep, err
	}
	if done, err := ck.replayCorpus(); done || err != nil {
		return ck.rep, err
	}
	if err := ck.probeDomains(); err != nil {
		return nil, err
	}
	ck.rep.Shard = c.Shard // the search alone is split (sched.Shard.Seed)
	s, err := ck.search()
	if err != nil {
		return nil, err
	}
	return ck.report(s)
}

// CheckTest loads the package in dir with its tests, learns the
// component from the mcheck.Component call of its function id.Test (a
// test, or a scenario with a test's signature), and checks it as c says
// (neither the call's options nor flags are applied: see Load). It is for
// harnesses (the demo, benchmarks, tests of mcheck): it uses no corpus,
// so that nothing saved by an earlier run is replayed or warms the EDA
// up, and it writes nothing under dir; a test's own check (package
// gotest) keeps its corpus.
func CheckTest(dir string, id check.ID, c check.Config) (*check.ComponentReport, error) {
	target, got, err := Load(dir, id, c.Tags)
	if err != nil {
		return nil, err
	}
	return Check(target, id, "", c, got)
}

// Load loads the package in dir with its tests, with build tags, and
// probes its function id.Test: the target and what the probe learnt,
// whose Options a front end applies (check.ReadOptions) before Check.
func Load(dir string, id check.ID, tags []string) (sched.Target, *check.ProbeResult, error) {
	target, err := check.LoadTest(dir, id, tags)
	if err != nil {
		return sched.Target{}, nil, err
	}
	got, err := Probe(target)
	return target, got, err
}

// Probe is the first phase: it runs the test that t starts alone up to
// its mcheck.Component call (check.Probe) and returns what it learnt
// there, refusing a test that calls mcheck.Run first.
func Probe(t sched.Target) (*check.ProbeResult, error) {
	got, err := check.Probe(t)
	if err != nil {
		return nil, err
	}
	if got.Run {
		return nil, errors.New("the test calls mcheck.Run before mcheck.Component")
	}
	return got, nil
}

// resolve refuses what c cannot check, makes its strategy and budget
// concrete, and returns the replay token of test id ("" for none).
func resolve(c *check.Config, id check.ID) (string, error) {
	if err := c.Err(); err != nil {
		return "", err
	}
	if c.Time < 0 || c.Executions < 0 || c.Component.Unit.Time < 0 || c.Component.Unit.Executions < 0 {
		return "", fmt.Errorf("negative budget (time %v, executions %d, restart unit %v, %d executions): a budget must be positive",
			c.Time, c.Executions, c.Component.Unit.Time, c.Component.Unit.Executions)
	}
	if err := c.UseGuided(); err != nil {
		return "", err
	}
	check.DefaultBudget(c, check.ComponentTime, false)
	return c.ReplayTokenFor(id)
}

// withDefaults returns cc with the defaults (check's table) where it
// leaves a field zero.
func withDefaults(cc check.ComponentConfig) check.ComponentConfig {
	if cc.Goroutines <= 0 {
		cc.Goroutines = check.DefaultGoroutine
	}
	if cc.Env == "" {
		cc.Env = check.DefaultEnv
	}
	if cc.Restart == "" {
		cc.Restart = check.DefaultRestart
	}
	if cc.Unit == (restarts.Budget{}) {
		cc.Unit.Executions = check.DefaultUnit
	}
	return cc
}

// checker is one check of a component: what its phases share.
type checker struct {
	id     check.ID
	corpus check.Corpus
	c      check.Config          // resolved
	cc     check.ComponentConfig // c.Component with the defaults
	target sched.Target
	comp   *envgen.Component
	start  time.Time
	// explore explores an environment; capped is explore cut at the
	// time budget: what follows a failure (the sequential baseline,
	// shrinking) is cut at the budget too, each search within its
	// grace (sched.DeadlineGrace).
	explore, capped explorer
	bl              *baseline
	models          *check.ComponentModels // the EDA's (check/eda.go)
	probed          int                    // the executions of the domain probe
	rep             *check.ComponentReport
	cov             *sched.Coverage // what the attempts' searches covered (not the probe's, the baseline's or shrinking's)
}

// newChecker runs the phases extract and reduce: the component of the
// call the probe learnt (got), its reductions of parallelism.
func newChecker(target sched.Target, id check.ID, corpus check.Corpus, c check.Config, got *check.ProbeResult, reword func(*sched.Failure)) (*checker, error) {
	comp, err := extract(target.Prog, got, c.Component)
	if err != nil {
		return nil, err
	}
	cc := withDefaults(c.Component)
	if cc.Env == envgen.Random {
		reduce(target.Prog, comp, cc)
	}
	ck := &checker{id: id, corpus: corpus, c: c, cc: cc, target: target, comp: comp, start: time.Now(),
		rep: &check.ComponentReport{Component: comp}, cov: sched.NewCoverage()}
	ck.explore = exploreIn(target, comp, c.Options, cc.Linearizable, reword)
	ck.capped = ck.explore
	if c.Time > 0 {
		ck.capped = ck.explore.until(ck.start.Add(c.Time))
	}
	ck.bl = &baseline{comp: comp, opts: c.Options, explore: ck.capped}
	return ck, nil
}

// replay runs a token; it reports whether it ended the check with a
// failure (in ck.rep). A token not given explicitly (the corpus's) is
// skipped when it was saved for an older version of the code, and its
// failure when the sequential baseline now explains it.
func (ck *checker) replay(tok string, explicit bool) (bool, error) {
	plan, schedule, err := splitToken(tok)
	if err == nil {
		err = plan.Check(ck.comp)
	}
	if err != nil {
		return false, err
	}
	o := ck.c.Options
	o.Replay = schedule
	r, snap, err := ck.explore(plan, o, nil)
	if errors.Is(err, sched.ErrTokenMismatch) && !explicit {
		return false, nil // saved for an older version of the code
	}
	if err != nil || r.Failure == nil || r.Failure.Kind == sched.Nondeterminism && !explicit {
		return false, err
	}
	if !explicit {
		// Saved before the sequential baseline, say: a failure
		// it explains is no longer reported.
		why, _, _, _, err := ck.bl.explain(plan, r.Failure, snap, ck.c.Seed)
		if why != "" || err != nil {
			return false, ignoreSpent(err)
		}
	}
	rep := ck.rep
	rep.Failure, rep.Plan, rep.Token, rep.Attempts, rep.Executions = r.Failure, plan, tok, 1, 1
	rep.NotStarted = len(snap.ids) == 0
	rep.Elapsed = time.Since(ck.start)
	return true, nil
}

// replayCorpus replays the failures saved in the corpus (a token that
// no longer fits is skipped); it reports whether one ended the check.
func (ck *checker) replayCorpus() (bool, error) {
	for _, tok := range ck.corpus.Tokens(ck.id) {
		if plan, _, err := splitToken(tok); err != nil || plan.Check(ck.comp) != nil {
			continue
		}
		if done, err := ck.replay(tok, false); done || err != nil {
			ck.rep.FromCorpus = done
			return true, err
		}
	}
	return false, nil
}

// probeDomains is the phase probe domains (probe.go): the values the
// component cannot take are not drawn; its executions count against the
// budget.
func (ck *checker) probeDomains() error {
	probed, notes, err := probeDomains(ck.comp, ck.target, ck.c.Options, ck.cc.Env == envgen.Random)
	if err != nil {
		return err
	}
	ck.probed = probed
	ck.comp.Notes = append(ck.comp.Notes, notes...)
	return nil
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
