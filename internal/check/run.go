package check

import (
	"errors"
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
}

// Explore explores the test id that target starts as c says: the replay
// token of c if it has one for this test (see Config.ReplaySuite), else
// the failures saved in corpus first, then the search.
func Explore(target sched.Target, id ID, corpus Corpus, c Config) (*RunReport, error) {
	if err := c.Err(); err != nil {
		return nil, err
	}
	if err := c.useGuided(); err != nil {
		return nil, err
	}
	bare, err := c.replayFor(id)
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
	if c.Strategy == "guided" && (c.Guided.Warnings || len(c.Guided.Races) > 1) {
		return exploreSequences(target, id, c)
	}
	switch c.Strategy {
	case "eda":
		return exploreEDA(target, corpus, c)
	case "", DefaultStrategy:
		return portfolioEDA(target, corpus, c)
	}
	rep, err := sched.Explore(target, c.Options)
	if err != nil {
		return nil, err
	}
	return &RunReport{Report: rep}, nil
}
