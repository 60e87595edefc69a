package component

import (
	"cmp"
	"time"

	"github.com/mcheck-dev/mcheck/internal/check"
	"github.com/mcheck-dev/mcheck/restarts"
	"github.com/mcheck-dev/mcheck/sched"
)

// report is the last phase: it saves the EDA's model, sums what the
// attempts tried, and returns the report, with the failure's environment
// shrunk (the phase shrink, shrink.go), or check.NotChecked when nothing
// was checked.
func (ck *checker) report(s *searched) (*check.ComponentReport, error) {
	out, rep := s.out, ck.rep
	var foundRep *sched.Report
	if out.Found != nil {
		foundRep = out.Found.Bug.(found).rep
	}
	var err error
	if rep.Note, err = ck.models.Save(ck.c, out, foundRep); err != nil {
		return nil, err
	}
	rep.Executions = out.Executions + ck.probed
	notChecked, finished := ck.sum(s)
	rep.Inconclusive = notChecked.Inconclusive
	switch {
	case out.Found == nil && rep.Undecided > 0 && rep.Undecided == rep.Attempts:
		// Every environment's failure was left undecided.
		notChecked.Undecided, notChecked.Elapsed = rep.UndecidedKind, time.Since(ck.start)
		return nil, notChecked
	case out.Found == nil && finished == 0 && rep.Discarded == 0:
		// No execution of an environment finished: nothing was checked.
		notChecked.Elapsed = time.Since(ck.start)
		return nil, notChecked
	}
	if out.Found != nil {
		if err := ck.shrink(out.Found.Bug.(found)); err != nil {
			return nil, err
		}
	} else if s.rc.Strategy == "none" {
		rep.Exhausted = s.exhausted.Load()
	}
	pairs, methods, stale := ck.cov.Counts()
	rep.Coverage = check.Coverage{Pairs: pairs, Stale: stale, MethodPairs: methods, Saturated: out.Stopped}
	rep.Elapsed = time.Since(ck.start)
	return rep, nil
}

// sum adds up in ck.rep what the attempts tried, saves the tokens of
// undecided failures in the corpus when no bug was found (so that the
// next run replays and decides them first), and returns what was not
// checked and the executions of environments that finished.
func (ck *checker) sum(s *searched) (*check.NotChecked, int) {
	rep := ck.rep
	notChecked := &check.NotChecked{Test: ck.id.Test}
	finished := 0
	for i := 1; i <= s.out.Attempts; i++ {
		t := s.tries[i]
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
			if s.out.Found == nil && ck.corpus != "" {
				_, _ = ck.corpus.Save(ck.id.Token(tok)) // best effort, as Result.Save
			}
		}
	}
	return notChecked, finished
}

// shrink runs the phase shrink on the bug fd found and puts the shrunk
// environment, its failure and token in ck.rep.
func (ck *checker) shrink(fd found) error {
	so, err := ck.models.AttemptOptions(ck.c, 0, restarts.Budget{})
	if err != nil {
		return err
	}
	plan, f, snap, err := shrinkPlan(fd.plan, fd.rep.Failure, fd.snap, fd.seed, fd.known, so, ck.capped, ck.bl)
	if err != nil {
		return err
	}
	rep := ck.rep
	rep.Failure, rep.Plan, rep.NotStarted = f, plan, len(snap.ids) == 0
	rep.Token = plan.Encode() + "." + f.Schedule.Token()
	return nil
}
