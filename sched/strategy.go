package sched

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Strategy decides, at every choice point of an execution, which enabled
// goroutine moves next and which of several alternatives a
// nondeterministic operation (a select with several ready cases) takes.
// It has three methods, like shuttle's Scheduler.
type Strategy interface {
	// NewExecution starts execution number i with seed; it returns false
	// when the strategy has nothing left to explore.
	NewExecution(i int, seed uint64) bool
	// NextGoroutine picks one of enabled (sorted goroutine ids, then
	// Clock if a timer may fire; at least two alternatives); current is
	// the goroutine that moved last (0 at the start, Clock after a
	// timer fired).
	NextGoroutine(enabled []int, current int) int
	// NextNumber picks one of 0..n-1 (n >= 2).
	NextNumber(n int) int
}

// NewStrategy returns the strategy with the given name: "portfolio" (the
// default), "random", "pct" (priority change points, depth from
// opts.PCTDepth) or "dfs" (bounded exhaustive search, preemption bound
// and reduction from opts.PreemptionBound, opts.NoReduction and
// opts.SleepSetsOnly; a stateful search with opts.StateCaching, with
// sleep sets unless opts.NoReduction, never DPOR). A
// strategy of one's own may wrap one (see Options.Custom); dfs is an
// Observer and a Pruner, and must see every execution (Workers: 1).
func NewStrategy(name string, opts Options) (Strategy, error) {
	switch name {
	case "", "portfolio":
		return &portfolio{pct: newPCT(opts.PCTDepth)}, nil
	case "random":
		return &randomWalk{}, nil
	case "pct":
		return newPCT(opts.PCTDepth), nil
	case "dfs":
		if opts.StateCaching {
			// Sleep sets go with the visited states; DPOR does not
			// (fingerprint.go).
			d := newDFS(opts.PreemptionBound, !opts.NoReduction, false)
			d.cache = &stateCache{}
			return d, nil
		}
		return newDFS(opts.PreemptionBound, !opts.NoReduction, !opts.NoReduction && !opts.SleepSetsOnly), nil
	}
	return nil, fmt.Errorf("unknown strategy %q (want random, pct or dfs)", name)
}

// randomWalk picks uniformly among the enabled goroutines at every
// choice point: a seeded random walk of the schedule space. The Clock
// alternative has a probability of its own, drawn per execution from
// clockOdds, so that some executions let timers race with running code
// often and others rarely.
type randomWalk struct {
	rng    *rand.Rand
	src    rand.PCG // rng's source
	pClock float64
}

// seeded returns the generator of the stream (seed, stream) on src: rng,
// which draws from src, or a new one the first time (rng nil). A strategy
// reseeds one generator for every execution instead of making one.
func seeded(rng *rand.Rand, src *rand.PCG, seed, stream uint64) *rand.Rand {
	src.Seed(seed, stream)
	if rng == nil {
		rng = rand.New(src)
	}
	return rng
}

// clockOdds are the probabilities of firing a pending timer early at a
// choice point that the random walk draws from.
var clockOdds = []float64{0.01, 0.05, 0.25}

func (r *randomWalk) NewExecution(i int, seed uint64) bool {
	r.rng = seeded(r.rng, &r.src, seed, 0x72616e646f6d)
	r.pClock = clockOdds[r.rng.IntN(len(clockOdds))]
	return true
}

func (r *randomWalk) NextGoroutine(enabled []int, current int) int {
	if n := len(enabled); enabled[n-1] == Clock {
		if r.rng.Float64() < r.pClock {
			return Clock
		}
		return enabled[r.rng.IntN(n-1)]
	}
	return enabled[r.rng.IntN(len(enabled))]
}

func (r *randomWalk) NextNumber(n int) int { return r.rng.IntN(n) }

// portfolio alternates the random walk (even executions) and PCT (odd
// ones). Neither dominates: the random walk finds bugs that need many
// switches (every dining philosopher preempted after one fork), PCT the
// ones that need a few switches at rare points (a reader between a
// writer's two critical sections), so the default spends half the budget
// on each. The choice depends on the execution's index only.
type portfolio struct {
	random randomWalk
	pct    *pct
	cur    Strategy
}

func (p *portfolio) NewExecution(i int, seed uint64) bool {
	p.cur = &p.random
	if i%2 == 1 {
		p.cur = p.pct
	}
	return p.cur.NewExecution(i, seed)
}

func (p *portfolio) NextGoroutine(enabled []int, current int) int {
	return p.cur.NextGoroutine(enabled, current)
}

func (p *portfolio) NextNumber(n int) int { return p.cur.NextNumber(n) }

// replay follows a recorded list of choices. A choice that is not one
// of the alternatives, or a schedule that ends before the execution
// does, is a misfit: misfit describes the first, and the replay goes on
// with the lowest alternative. Explore tells a token made for another
// program from a program that does not replay the same way twice (see
// replayToken).
type replay struct {
	choices []int
	next    int
	misfit  string
}

func (r *replay) NewExecution(int, uint64) bool { r.next, r.misfit = 0, ""; return true }

func (r *replay) take() (int, bool) {
	if r.next >= len(r.choices) {
		return 0, false
	}
	c := r.choices[r.next]
	r.next++
	return c, true
}

func (r *replay) NextGoroutine(enabled []int, current int) int {
	c, ok := r.take()
	if ok && slices.Contains(enabled, c) {
		return c
	}
	if r.misfit == "" {
		r.misfit = fmt.Sprintf("choice %d picks goroutine %d but the alternatives are %s", r.next, c, alternatives(enabled))
		if !ok {
			r.misfit = r.short()
		}
	}
	return enabled[0]
}

func (r *replay) NextNumber(n int) int {
	c, ok := r.take()
	if ok && c < n {
		return c
	}
	if r.misfit == "" {
		r.misfit = fmt.Sprintf("choice %d picks alternative %d of %d", r.next, c, n)
		if !ok {
			r.misfit = r.short()
		}
	}
	return 0
}

func (r *replay) short() string {
	return fmt.Sprintf("the schedule ends after %d choices but the execution goes on", len(r.choices))
}

// end notes, when the execution is over, choices left unused.
func (r *replay) end() {
	if r.misfit == "" && r.next < len(r.choices) {
		r.misfit = fmt.Sprintf("the execution ends after %d of the schedule's %d choices", r.next, len(r.choices))
	}
}

// alternatives spells a goroutine choice's alternatives: "goroutines 1,
// 3 and the clock".
func alternatives(enabled []int) string {
	var names []string
	for _, id := range enabled {
		if id == Clock {
			names = append(names, "the clock")
		} else {
			names = append(names, strconv.Itoa(id))
		}
	}
	if len(names) == 1 {
		return "goroutine " + names[0]
	}
	if len(names) > 8 {
		return fmt.Sprintf("%d goroutines (%s, ..., %s)", len(names), strings.Join(names[:5], ", "), names[len(names)-1])
	}
	return "goroutines " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
