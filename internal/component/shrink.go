package component

import (
	"errors"
	"time"

	"github.com/mcheck-dev/mcheck/envgen"
	"github.com/mcheck-dev/mcheck/sched"
)

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

// shrinkPlan shrinks plan, whose failure is f (snapshot s). A plan
// whose failure a sequential order explains (bl) is not reported: it
// would trade the concurrency bug for the environment's own. A protocol
// trace is not shrunk: without a call it may not be a trace of the
// protocol.
//
// An explanation costs several searches (the sequential orders, the
// guided ones), a candidate one search of shrinkExecutions, and most
// candidates that keep the failure are not explained. So the calls are
// first dropped without asking bl, and only the smallest plan is
// explained: if it is not, it is the result (the same plan as asking at
// each step gives when none of the plans kept on the way is explained).
// If it is, shrinking starts again from plan, asking bl at each
// candidate that keeps the failure.
func shrinkPlan(plan *envgen.Plan, f *sched.Failure, s *runSnap, seed uint64, known []string, o sched.Options, explore explorer, bl *baseline) (*envgen.Plan, *sched.Failure, *runSnap, error) {
	if plan.Env != envgen.Random || plan.Phases != nil {
		return plan, f, s, nil
	}
	o.Seed, o.Executions, o.Time, o.Workers, o.Replay = seed, shrinkExecutions, 0, 1, ""
	why := func(p *envgen.Plan, g *sched.Failure, ss *runSnap) (string, error) {
		why, _, _, _, err := bl.explain(p, g, ss, seed)
		return why, err
	}
	sh := shrinker{known: known, o: o, explore: explore, deadline: time.Now().Add(shrinkTotal)}
	return sh.run(plan, f, s, why)
}

// explainer says why a sequential order explains plan's failure f
// (snapshot s), "" if none does (baseline.explain).
type explainer func(plan *envgen.Plan, f *sched.Failure, s *runSnap) (string, error)

// run is shrinkPlan's two passes: without explaining, then, if the
// smallest plan is explained, explaining each candidate kept.
func (sh *shrinker) run(plan *envgen.Plan, f *sched.Failure, s *runSnap, why explainer) (*envgen.Plan, *sched.Failure, *runSnap, error) {
	p, g, ss, err := sh.shrink(plan, f, s, nil)
	if err != nil || p == plan {
		return p, g, ss, err
	}
	w, err := why(p, g, ss)
	switch {
	case errors.Is(err, errSpent):
		return plan, f, s, nil
	case err != nil:
		return nil, nil, nil, err
	case w == "":
		return p, g, ss, nil
	}
	return sh.shrink(plan, f, s, why)
}

// shrinker drops calls from a plan while its failure's kind is still
// found (shrinkPlan).
type shrinker struct {
	known    []string
	o        sched.Options
	explore  explorer
	deadline time.Time
}

// shrink drops one call at a time, the last first, until no call can be
// dropped or the deadline passes. With why, a candidate whose failure a
// sequential order explains is not kept. A search or explanation cut
// short by the check's budget (errSpent) leaves plan as it was given.
func (sh *shrinker) shrink(plan *envgen.Plan, f *sched.Failure, s *runSnap, why explainer) (*envgen.Plan, *sched.Failure, *runSnap, error) {
	orig, origF, origS := plan, f, s
	for changed := true; changed && time.Now().Before(sh.deadline); {
		changed = false
		for g := len(plan.Threads) - 1; g >= 0; g-- {
			for j := len(plan.Threads[g]) - 1; j >= 0 && time.Now().Before(sh.deadline); j-- {
				cand := plan.Without(g, j)
				if cand.Calls() == 0 {
					continue
				}
				r, snap, err := sh.explore(cand, sh.o, sh.known)
				if errors.Is(err, errSpent) {
					return orig, origF, origS, nil
				}
				if err != nil {
					return nil, nil, nil, err
				}
				g := r.Failure
				if g == nil || g.Kind != f.Kind {
					continue
				}
				if why != nil {
					w, err := why(cand, g, snap)
					if errors.Is(err, errSpent) {
						return orig, origF, origS, nil
					}
					if err != nil {
						return nil, nil, nil, err
					}
					if w != "" {
						continue
					}
				}
				plan, f, s, changed = cand, g, snap, true
			}
		}
	}
	return plan, f, s, nil
}
