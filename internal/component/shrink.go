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
