package check

import (
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/mcheck-dev/mcheck/sched"
)

// RunReport is the outcome of exploring a test whose body is given to
// mcheck.Run (or, under mcheck test and mcheck explore, a whole test or
// program).
type RunReport struct {
	*sched.Report
	FromCorpus bool   // the failure is one saved in the corpus
	Replayed   bool   // the schedule of a replay token ran, not a search
	Note       string // about the search: a saved EDA model that was ignored, and why
	// Unmet are the mcheck.Sometimes calls whose condition held in no
	// execution of a search that found no bug: a failure of the test
	// (SometimesNeverHeld).
	Unmet []SometimesSite
	// Output is what the program printed in the last execution of a
	// search that found no failure, bounded (boundOutput), when
	// Config.Output asked for it.
	Output string
}

// Explore explores the test id that target starts as c says: the replay
// token of c if it has one for this test (see Config.ReplaySuite), else
// the failures saved in corpus first, then the search. A search in which
// no execution finished is an error (NotChecked), never a clean verdict.
//
// A search that found no bug still fails if the condition of an
// mcheck.Sometimes call held in none of its executions (RunReport.Unmet);
// a replay never does.
func Explore(target sched.Target, id ID, corpus Corpus, c Config) (*RunReport, error) {
	st := newSometimes(target.Prog, id)
	target = st.watch(target)
	var out *lastOutput
	if c.Output {
		out = &lastOutput{}
		target = out.watch(target)
	}
	rep, err := explore(target, id, corpus, c)
	if err != nil {
		return nil, err
	}
	if err := checked(id, rep.Report); err != nil {
		return nil, err
	}
	if rep.Failure == nil && len(rep.Races) == 0 && !rep.Replayed {
		rep.Unmet = st.unmet()
	}
	if out != nil && rep.Failure == nil {
		rep.Output = out.text()
	}
	return rep, nil
}

// NotChecked is the verdict of a search in which no execution finished:
// each reached a bound (or the budget ran out first) while the program
// was still making progress, so nothing was checked.
type NotChecked struct {
	Test         string
	Inconclusive int           // executions that went on past the step bound and were discarded
	Elapsed      time.Duration // the time spent
	Interrupted  string        // where the time budget cut an execution (sched.Report.Interrupted)
	// Undecided is the kind of the failure mcheck.Component found in
	// each environment it tried, which the time budget left undecided:
	// the sequential baseline had not yet told whether the calls one at
	// a time show it (reporting it could be a false alarm, calling the
	// component clean would not be true).
	Undecided string
}

func (e *NotChecked) Error() string {
	if e.Undecided != "" {
		return fmt.Sprintf("%s was not checked: a %s was found, and the time budget ran out after %v, before the sequential baseline decided whether the calls one at a time show it (raise the time budget)", e.Test, e.Undecided, e.Elapsed.Round(time.Millisecond))
	}
	why := "the budget ran out before the first execution finished"
	switch {
	case e.Interrupted != "":
		why = "the time budget ran out before an execution finished; it was cut at " + e.Interrupted + " (raise the time budget, or bound the test's work)"
	case e.Inconclusive > 0:
		why = fmt.Sprintf("all %d executions were inconclusive: still making progress when the step budget and the fair scheduler's were spent (raise the step bound, or bound the test's loops)", e.Inconclusive)
	}
	return fmt.Sprintf("%s was not checked: no execution finished in %v; %s", e.Test, e.Elapsed.Round(time.Millisecond), why)
}

// checked returns a NotChecked error for a report in which no execution
// finished, found nothing and explored no schedule to its end.
func checked(id ID, r *sched.Report) error {
	if r == nil || r.Failure != nil || len(r.Races) > 0 || r.Executions > 0 || r.Pruned > 0 || r.Exhausted {
		return nil
	}
	return &NotChecked{Test: id.Test, Inconclusive: r.Inconclusive, Elapsed: r.Elapsed, Interrupted: r.Interrupted}
}

// explore is Explore without the check that something was explored.
func explore(target sched.Target, id ID, corpus Corpus, c Config) (*RunReport, error) {
	if err := c.Err(); err != nil {
		return nil, err
	}
	if err := c.UseGuided(); err != nil {
		return nil, err
	}
	bare, err := c.ReplayTokenFor(id)
	if err != nil {
		return nil, err
	}
	c.Replay = bare
	if bare != "" {
		rep, err := sched.Explore(target, c.Options)
		if err != nil {
			return nil, err
		}
		return &RunReport{Report: rep, Replayed: true}, nil
	}
	// Saved failures first, so a bug found stays found until it is
	// fixed.
	for _, tok := range corpus.Tokens(id) {
		o := c.Options
		o.Replay = tok
		rep, err := sched.Explore(target, o)
		if errors.Is(err, sched.ErrTokenMismatch) {
			continue // saved for an older version of the code
		}
		if err != nil {
			return nil, err
		}
		if rep.Failure != nil && rep.Failure.Kind != sched.Nondeterminism {
			return &RunReport{Report: rep, FromCorpus: true}, nil
		}
	}
	d := strategyOf(c.Strategy)
	if d == nil {
		return nil, fmt.Errorf("unknown strategy %q", c.Strategy)
	}
	c.Options.Shard = c.Shard // the search alone is split
	c.Coverage = sched.NewCoverage()
	c.Saturate = c.Saturate && d.saturates
	return d.explore(target, id, corpus, c)
}

// exploreSched is the search of a strategy of package sched's.
func exploreSched(target sched.Target, _ ID, _ Corpus, c Config) (*RunReport, error) {
	rep, err := sched.Explore(target, c.Options)
	if err != nil {
		return nil, err
	}
	return &RunReport{Report: rep}, nil
}

// exploreGuided is guided test's search: each sequence in turn when
// there are several (the warnings, the races of a report), else one.
func exploreGuided(target sched.Target, id ID, corpus Corpus, c Config) (*RunReport, error) {
	if c.Guided.Warnings || len(c.Guided.Races) > 1 {
		return exploreSequences(target, id, c)
	}
	return exploreSched(target, id, corpus, c)
}

// Guard runs check and returns its error, or a panic of check's (a
// fault of mcheck's own code, outside the interpreter, which turns the
// program's faults into errors itself) as an error, so that a front end
// reports it as it reports any check it could not run and the other
// tests still run.
func Guard(check func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("mcheck internal error (a fault of mcheck, not of the test): %v\n%s", r, debug.Stack())
		}
	}()
	return check()
}
