package sched

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
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

// RandomPCT is the name of sched's default strategy: the random walk and
// PCT on alternate executions. (Package mcheck's default, "portfolio",
// runs it for the first half of its budget and the EDA search for the
// other half; that second part lives in internal/check, not here.)
const RandomPCT = "random+pct"

// The defaults of the options (Options): the one place each is stated.
// internal/check's flags and docs show these values.
const (
	DefaultExecutions      = 10000                // Options.Executions, without a time budget
	DefaultMaxSteps        = 20000                // Options.MaxSteps
	DefaultLoopSteps       = 10_000_000           // Options.LoopSteps
	DefaultTimerHorizon    = 2 * time.Millisecond // Options.TimerHorizon
	DefaultPCTDepth        = 3                    // Options.PCTDepth
	DefaultPreemptionBound = 2                    // Options.PreemptionBound
)

// StrategyDef is one of sched's strategies by name: what it does, and
// how it is made from the options it reads.
type StrategyDef struct {
	Name string
	Doc  string
	// New makes one worker's strategy.
	New func(o Options) Strategy
	// Systematic says the strategy enumerates schedules, each once: it
	// runs on one worker until it has explored them all (no execution
	// budget by default), with the plain timer horizon (no stall
	// executions).
	Systematic bool
}

// Strategies are sched's strategies, as Options.Strategy names them; the
// first is the default. Adding one is one line here.
var Strategies = []StrategyDef{
	{RandomPCT, "the random walk and pct on alternate executions (the default)", func(o Options) Strategy { return newRandomPCT(o.PCTDepth) }, false},
	{"random", "a random walk of the schedules", func(Options) Strategy { return NewRandom() }, false},
	{"pct", "probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010) with bug depth Options.PCTDepth", func(o Options) Strategy { return NewPCT(o.PCTDepth) }, false},
	{"dfs", "bounded exhaustive search with source-DPOR and sleep sets (Options.PreemptionBound, NoReduction, SleepSetsOnly, StateCaching, Shard)", func(o Options) Strategy { return NewDFS(o.PreemptionBound, o.dfsReduction()).(*dfs).sharded(o.Shard) }, true},
}

// strategyDef returns the strategy named name ("" is the default), or
// nil.
func strategyDef(name string) *StrategyDef {
	if name == "" {
		return &Strategies[0]
	}
	for i := range Strategies {
		if Strategies[i].Name == name {
			return &Strategies[i]
		}
	}
	return nil
}

// StrategyNames lists the names of Strategies, the default first.
func StrategyNames() []string {
	names := make([]string, len(Strategies))
	for i, d := range Strategies {
		names[i] = d.Name
	}
	return names
}

// NewStrategy returns the strategy with the given name, one of
// Strategies ("" is the default, RandomPCT), made from the options it
// reads. A strategy of one's own may wrap one (see Options.Custom); dfs
// is an Observer and a Pruner, and must see every execution (Workers:
// 1).
func NewStrategy(name string, opts Options) (Strategy, error) {
	if d := strategyDef(name); d != nil {
		return d.New(opts), nil
	}
	return nil, fmt.Errorf("unknown strategy %q (want %s)", name, strings.Join(StrategyNames(), ", "))
}

// systematic reports whether the strategy named name is Systematic.
func systematic(name string) bool {
	d := strategyDef(name)
	return name != "" && d != nil && d.Systematic
}

// NewRandom returns the random walk: at every choice point, any enabled
// goroutine with the same probability.
func NewRandom() Strategy { return &randomWalk{} }

// NewPCT returns PCT with bug depth depth (0: DefaultPCTDepth).
func NewPCT(depth int) Strategy { return newPCT(depth) }

// Reduction is how dfs prunes schedules equivalent to ones it explored.
type Reduction int

const (
	// DPOR is source-DPOR (Abdulla et al., POPL 2014) with sleep sets,
	// the default.
	DPOR Reduction = iota
	// SleepSets are sleep sets alone, without DPOR (for comparison).
	SleepSets
	// NoReduction explores every schedule within the bound.
	NoReduction
	// CachedStates prunes states already seen, by fingerprint, with sleep
	// sets kept with each state (a stateful search; not with DPOR: see
	// fingerprint.go).
	CachedStates
	// CachedStatesOnly prunes states already seen, without sleep sets.
	CachedStatesOnly
)

// dfsReduction is the Reduction the flat options ask for.
func (o Options) dfsReduction() Reduction {
	switch {
	case o.StateCaching && o.NoReduction:
		return CachedStatesOnly
	case o.StateCaching:
		return CachedStates
	case o.NoReduction:
		return NoReduction
	case o.SleepSetsOnly:
		return SleepSets
	}
	return DPOR
}

// NewDFS returns the bounded exhaustive search with at most bound
// preemptions per schedule (0: DefaultPreemptionBound; Unbounded;
// NoPreemptions), pruning by r.
func NewDFS(bound int, r Reduction) Strategy {
	switch r {
	case CachedStates, CachedStatesOnly:
		d := newDFS(bound, r == CachedStates, false)
		d.cache = &stateCache{}
		return d
	case NoReduction:
		return newDFS(bound, false, false)
	case SleepSets:
		return newDFS(bound, true, false)
	}
	return newDFS(bound, true, true)
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

// randomPCT alternates the random walk (even executions) and PCT (odd
// ones). Neither dominates: the random walk finds bugs that need many
// switches (every dining philosopher preempted after one fork), PCT the
// ones that need a few switches at rare points (a reader between a
// writer's two critical sections), so the default spends half the budget
// on each. The choice depends on the execution's index only.
type randomPCT struct {
	random randomWalk
	pct    *pct
	cur    Strategy
}

func newRandomPCT(depth int) *randomPCT { return &randomPCT{pct: newPCT(depth)} }

func (p *randomPCT) NewExecution(i int, seed uint64) bool {
	p.cur = &p.random
	if i%2 == 1 {
		p.cur = p.pct
	}
	return p.cur.NewExecution(i, seed)
}

func (p *randomPCT) NextGoroutine(enabled []int, current int) int {
	return p.cur.NextGoroutine(enabled, current)
}

func (p *randomPCT) NextNumber(n int) int { return p.cur.NextNumber(n) }

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
