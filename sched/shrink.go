package sched

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// Shrinking: a failing schedule found by a random strategy is full of
// context switches that do not matter. shrink looks for a shorter plan
// with fewer switches that fails the same way (delta debugging over the
// choices, in the spirit of Zeller's ddmin), so the reported trace needs
// few switches to read.

// lenient replays a plan: a choice >= 0 is taken when possible, and -1
// (or the end of the plan) means "no switch": the goroutine that moved
// last if it can, else the lowest enabled one.
type lenient struct {
	plan []int
	next int
}

func (l *lenient) NewExecution(int, uint64) bool { l.next = 0; return true }

func (l *lenient) take() int {
	if l.next >= len(l.plan) {
		return -1
	}
	c := l.plan[l.next]
	l.next++
	return c
}

func (l *lenient) NextGoroutine(enabled []int, current int) int {
	if c := l.take(); c >= 0 && slices.Contains(enabled, c) {
		return c
	}
	if current != Clock && slices.Contains(enabled, current) {
		return current
	}
	return enabled[0] // a goroutine: Clock comes last
}

func (l *lenient) NextNumber(n int) int {
	if c := l.take(); c >= 0 && c < n {
		return c
	}
	return 0
}

// maxShrinkRuns bounds the executions spent shrinking.
const maxShrinkRuns = 300

// shrink returns f reproduced with tracing, from the smallest plan found
// that fails with the same kind. Shrinking stops at deadline (the
// search's time budget and its grace; none if zero): a candidate run
// still going then is interrupted, and the smallest plan so far is
// reported.
func shrink(t Target, opts Options, f *Failure, deadline time.Time) (*Failure, error) {
	seed := f.Schedule.Seed
	opts.fairSteps = f.Schedule.FairSteps
	runs := 0
	if f.Kind == Livelock || f.steps > opts.MaxSteps {
		runs = maxShrinkRuns // each run spends the whole step budget: do not shrink
	}
	fails := func(plan []int) (bool, error) {
		runs++
		g, _, err := runOne(t, opts, seed, &lenient{plan: plan}, false, &runExtra{deadline: deadline})
		var cut *interrupted
		if errors.As(err, &cut) || !deadline.IsZero() && time.Now().After(deadline) {
			runs = maxShrinkRuns // the budget is spent: no more candidates
			return false, nil
		}
		if errors.Is(err, errInconclusive) {
			return false, nil
		}
		return err == nil && g != nil && g.Kind == f.Kind, err
	}
	plan := slices.Clone(f.Schedule.Choices)
	// The shortest prefix that still fails, then without each switch.
	for n := 0; n < len(plan) && runs < maxShrinkRuns; n = max(1, 2*n) {
		ok, err := fails(plan[:n])
		if err != nil {
			return nil, err
		}
		if ok {
			plan = plan[:n]
			break
		}
	}
	for i := 0; i < len(plan) && runs < maxShrinkRuns; i++ {
		if plan[i] < 0 {
			continue
		}
		cand := slices.Clone(plan)
		cand[i] = -1
		ok, err := fails(cand)
		if err != nil {
			return nil, err
		}
		if ok {
			plan = cand
		}
	}
	if untraced(time.Now(), f.took, deadline) {
		f.NoTrace = fmt.Sprintf("the failing execution took %v, and a traced replay would run past the time budget: its trace was not made (replay the token for it)", f.took.Round(time.Millisecond))
		return f, nil
	}
	g, _, err := runOne(t, opts, seed, &lenient{plan: plan}, true, nil)
	if err != nil {
		return nil, err
	}
	if g == nil || g.Kind != f.Kind {
		// Shrinking lost the failure (it should not): report the
		// original schedule, traced.
		g, _, err = runOne(t, opts, seed, &replay{choices: f.Schedule.Choices}, true, nil)
		if err != nil || g == nil || g.Kind != f.Kind {
			return f, err
		}
	}
	return g, nil
}

// untraced reports whether a failure found by an execution that took
// took is reported without its traced replay at now: when the replay,
// which takes as long or longer, would end past deadline, the time
// budget's grace (zero: none). A check given a minute whose failing
// execution took 50s ended 6 minutes later, in the traced replays of a
// 40-million-step schedule (ccache's Test_ConcurrentStop).
func untraced(now time.Time, took time.Duration, deadline time.Time) bool {
	return !deadline.IsZero() && now.Add(took).After(deadline)
}
