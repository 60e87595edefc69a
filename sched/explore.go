package sched

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcheck-dev/mcheck/internal/gcpace"
	"github.com/mcheck-dev/mcheck/internal/splitmix"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Preemption bounds with a meaning of their own.
const (
	Unbounded     = -1 // dfs explores every schedule
	NoPreemptions = -2 // dfs explores only schedules without preemptions
)

// Options configure an exploration. The zero value explores with the
// random strategy for the default budget.
type Options struct {
	Strategy        string        // one of Strategies: RandomPCT (the default), "random", "pct" or "dfs"; with Custom, a name for the report
	Seed            uint64        // the exploration's seed; executions derive theirs from it
	Executions      int           // budget in executions (default DefaultExecutions; dfs: until exhausted)
	Time            time.Duration // budget in time (0: none)
	Grace           time.Duration // how long past Time a running execution may go on before it is interrupted (0: DeadlineGrace(Time))
	MaxSteps        int           // visible operations per execution before a livelock is reported (default DefaultMaxSteps)
	LoopSteps       int64         // loop iterations of a goroutine between two scheduling points, the interpreter's step bound (default DefaultLoopSteps)
	MaxMemory       int64         // bytes an execution may allocate (default 1 GiB, ssainterp.Config.MaxMemory); past it, an mcheck error
	PreemptionBound int           // dfs: preemptions per schedule (0: DefaultPreemptionBound; Unbounded; NoPreemptions)
	PCTDepth        int           // pct: bug depth d (default DefaultPCTDepth)
	NoReduction     bool          // dfs: no partial-order reduction (source-DPOR and sleep sets)
	SleepSetsOnly   bool          // dfs: reduction by sleep sets alone, without DPOR (for comparison)
	StateCaching    bool          // dfs: prune states already seen (a stateful search, with sleep sets but not DPOR; see fingerprint.go); Execution.StateHash for custom strategies
	Workers         int           // parallel executions (default GOMAXPROCS; dfs runs on one)
	Replay          string        // a schedule token: run exactly that schedule
	Leaks           bool          // report goroutines still blocked when the program ends
	SyncOnly        bool          // only synchronisation is visible, not loads and stores of shared memory
	NoRaces         bool          // do not check for data races
	RecordRaces     bool          // report data races in Report.Races without failing the execution
	Progress        io.Writer     // a progress line every second of a long run (counts states too)
	CountStates     bool          // count distinct state fingerprints (Report.States); costs time
	// Coverage, if set, collects the ordering pairs of conflicting
	// operations the executions cover (coverage.go; Report.Pairs), and
	// may be shared by several explorations (the phases of a portfolio,
	// the attempts of a component check). Counting costs time at every
	// step: without Coverage or Saturate, it is not done.
	Coverage *Coverage
	// Saturate stops the exploration once no new ordering pair has
	// appeared in its last SaturationExecutions executions and in the
	// last half of them (Report.Saturated); never under a systematic
	// strategy, which ends when it has explored everything.
	Saturate bool
	// fairSteps bounds the fair phase of an execution (see fair.go): 0,
	// fairFactor times MaxSteps; negative, no bound (the time budget
	// cuts the execution).
	fairSteps int
	// Custom, if set, makes each worker's strategy (a strategy of your
	// own; see Observer and Pruner). Every worker has its own and runs
	// every Workers-th execution: a search that must see every
	// execution (a systematic one) wants Workers: 1.
	Custom func() Strategy
	// TraceFile, if set, is where Explore writes the whole trace of the
	// failure it reports (Failure.WriteTrace), which Failure.Format
	// shows bounded, and names in the report.
	TraceFile string
	// TimeBarrier restores the old semantics of time: timers fire only
	// when no goroutine can move (see Clock).
	TimeBarrier bool
	// TimerHorizon bounds how far ahead of the clock a timer may be to
	// fire while goroutines can still move (default 2ms; negative: any
	// deadline): the stall a loaded machine gives a runnable goroutine
	// between two of its waits. Test suites treat 10ms as "long enough"
	// for a few statements and leave 15ms of slack over three waits
	// (go-cache TestCacheTimes: 5ms per wait failed it), and
	// guard against hangs with timeouts of a second or more, which mcheck
	// reports as deadlocks and leaks itself.
	TimerHorizon time.Duration
	// StallHorizon bounds the stalls of the stall executions: half of
	// the executions of every strategy but dfs, those whose seed is odd
	// (stallSeed), let one timer fire however far ahead (StallHorizon < 0,
	// the default) while goroutines can move; after that one long stall
	// the execution's horizon is TimerHorizon again, so that a ticker
	// does not run the clock away from the goroutines (a stall of one
	// goroutine is what a loaded machine gives). A leak, deadlock, data race or panic
	// found there is a bug whatever stall it needed, and its report says
	// which; a failed assertion that needed a stall beyond TimerHorizon is
	// the test's timing slack: discarded and counted (Report.Slack).
	// Zero means the default; a positive value at most TimerHorizon turns
	// the stall executions off.
	StallHorizon time.Duration
	// Shard, if not the whole (its zero value), is the part of the
	// exploration this one runs: a deterministic share of the executions'
	// seeds, or of dfs's tree (see Shard). A replay is never split.
	Shard Shard
	// Executed, if set, counts the executions of the search as they end
	// (complete, cut short or inconclusive), for a display of the rate
	// while it runs.
	Executed *atomic.Int64
}

// Target is what an exploration runs: a loaded program and how to start
// one execution of it on a fresh machine.
type Target struct {
	Prog  *ssainterp.Program
	Start func(m *ssainterp.Machine) error
	// Test is set when Start starts a test function (Machine.StartTest):
	// an execution ends when nothing can move after the test returned,
	// and a failed test or a goroutine left blocked is a bug.
	Test bool
	// Describe, if set, describes what a reported execution ran (the
	// environment of a component), for Failure.Environment.
	Describe func(m *ssainterp.Machine) string
	// Expected, if set, is asked about every failure an execution ends
	// in, on the machine that ran it: true says the caller already knows
	// it is not a bug (mcheck.Component's sequential baseline explained
	// the same failure in this environment), and the execution counts as
	// one without a failure, so that the search goes on past it.
	Expected func(m *ssainterp.Machine, f *Failure) bool
}

// Kind is the kind of a bug.
type Kind string

const (
	GlobalDeadlock Kind = "global deadlock"
	Leak           Kind = "partial deadlock"
	Panic          Kind = "panic"
	Livelock       Kind = "livelock"
	ExitStatus     Kind = "exit status"
	Nondeterminism Kind = "nondeterminism"
	TestFailed     Kind = "test failed"
	DataRace       Kind = "data race"
)

// Failure is a bug found on one schedule.
type Failure struct {
	Kind        Kind
	Message     string                // what the runtime printed, or why
	Goroutines  []ssainterp.Goroutine // goroutines blocked at the end (deadlocks and leaks), or racing
	Race        *ssainterp.Race       // the two accesses of a data race
	Panic       *ssainterp.Panic      // the panic or fatal error of a Panic (Message is its report)
	Schedule    Schedule              // replays the failure
	Trace       []Step                // the interleaving, one visible operation per step
	Stdout      string                // what the program printed on standard output
	Stderr      string                // and on standard error (the runtime's report is there)
	Execution   int                   // which execution found it
	Environment string                // what the execution ran, from Target.Describe
	TraceFile   string                // where Explore wrote the whole trace (Options.TraceFile); "" if it did not
	ExitCode    int                   // the program's exit status (an ExitStatus's is not 0)
	NoTrace     string                // why the report has no Trace ("" if it has one)
	steps       int                   // scheduling steps of the execution
	took        time.Duration         // how long the execution that found it ran

	// Timing says which timers the failing schedule fired while
	// goroutines could still move ("timing-dependent: the 5ms timer
	// (time.After at main.go:14) fired before goroutine 3 ran its chan
	// send at main.go:20"); "" when none.
	Timing string
}

// Step is one step of a trace: goroutine G performed operation Op at Pos.
// Clock, Objs and Blocked are for trace viewers (WriteTraceEvents).
type Step struct {
	G   int
	Op  string
	Pos string
	// Clock is the virtual clock when the step ran (for a timer firing,
	// its deadline), in nanoseconds since the fixed epoch.
	Clock int64
	// Objs number what the operation touches (a channel, the channels of
	// a select, a sync object, memory), from 1 in order of first touch in
	// this trace; none: nothing shared.
	Objs Objects
	// Blocked, if G was stopped at an operation it could not perform
	// before this step (Blocked.Op != ""), says since when and at what.
	// That operation is this step's unless it completed while G was
	// blocked (a send that a receiver took, a receive that a sender
	// filled): the step is then G running on.
	Blocked Blocking
}

// Blocking is a span a goroutine spent blocked at an operation.
type Blocking struct {
	Since int    // index of the first step before which the goroutine was blocked
	Op    string // the operation, as Step.Op; "": not blocked
	Pos   string
	Objs  Objects // as Step.Objs
}

// Objects are the numbers of what an operation touches (Step.Objs): the
// first len(IDs), and how many in all. (An array, so that Step stays
// comparable.)
type Objects struct {
	IDs [4]int
	N   int
}

// List returns the numbers kept.
func (o Objects) List() []int { return o.IDs[:min(o.N, len(o.IDs))] }

// Cut reports whether some numbers were not kept.
func (o Objects) Cut() bool { return o.N > len(o.IDs) }

// Report is the outcome of an exploration.
type Report struct {
	Strategy   string
	Executions int  // complete executions (schedules) run
	Pruned     int  // dfs: executions cut short as redundant (partial-order reduction, or a state already seen)
	StateHits  int  // dfs with StateCaching: of the Pruned, those cut at a state already seen
	Exhausted  bool // dfs explored every schedule within its bound
	// Inconclusive counts executions that reached the step budget, went
	// on under a fair scheduler, and still made progress when its budget
	// was spent: neither a bug nor a clean run (see fair.go).
	Inconclusive int
	Failure      *Failure
	Elapsed      time.Duration
	Steps        int64             // choice points taken (the "states" of JPF papers' tables)
	States       int               // distinct state fingerprints seen, with CountStates (see Machine.Fingerprint)
	Races        []*ssainterp.Race // with RecordRaces: each distinct race (by the pair of positions), first seen first
	// Interrupted says where an execution was when the time budget
	// (and its grace, DeadlineGrace) ran out: it was cut there and
	// counted in Inconclusive.
	Interrupted string
	// Slack counts the executions whose failed assertion (TestFailed,
	// ExitStatus) needed a goroutine to stall longer than the timer
	// horizon: a test's timing slack, not a bug, so discarded (see
	// Options.TimerHorizon); SlackExample is the stall one needed.
	Slack        int
	SlackExample string
	// Pairs counts the distinct ordered pairs of conflicting visible
	// operations (by position) the executions covered, and PairsStale
	// the executions since the last new one appeared (over every
	// exploration that shared Options.Coverage); Saturated says the
	// exploration stopped there, before its budget (Options.Saturate).
	Pairs      int
	PairsStale int
	Saturated  bool
	// Shard is the part of the exploration this was (Options.Shard).
	Shard Shard
}

func (o *Options) defaults() {
	if o.Executions == 0 {
		// A time budget alone runs until the time is spent; the default
		// execution count applies only when neither is set.
		switch {
		case o.Time > 0, systematic(o.Strategy):
			o.Executions = math.MaxInt
		default:
			o.Executions = DefaultExecutions
		}
	}
	if o.MaxSteps == 0 {
		o.MaxSteps = DefaultMaxSteps
	}
	if o.TimerHorizon == 0 {
		o.TimerHorizon = DefaultTimerHorizon
	}
	if o.StallHorizon == 0 {
		o.StallHorizon = -1
	}
	if o.LoopSteps == 0 {
		o.LoopSteps = DefaultLoopSteps
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if systematic(o.Strategy) || o.Replay != "" {
		o.Workers = 1
	}
}

// newStrategy makes a worker's strategy: opts.Custom's or the named one.
func newStrategy(opts Options) (Strategy, error) {
	if opts.Custom != nil {
		return opts.Custom(), nil
	}
	return NewStrategy(opts.Strategy, opts)
}

// ErrTokenMismatch is what Explore's error wraps when a replay token is
// well formed but does not fit the program: a choice that is not one of
// the alternatives, a schedule that ends too soon or has choices left
// over, the same way on two runs.
var ErrTokenMismatch = errors.New("the replay token does not fit this test (made for another test or another version of the code?)")

// replayToken runs the schedule of a token, traced. A misfit (see
// replay) may mean the token was made for another program, or that this
// one does not behave the same way twice. The replay strategy cannot
// tell them apart from one run, so a misfit is replayed once more: the
// same misfit again means the program is deterministic and the token
// does not fit it (an error wrapping ErrTokenMismatch); another one
// means the program itself diverges, a Failure of kind Nondeterminism.
func replayToken(t Target, opts Options, tok string) (*Failure, error) {
	s, err := ParseToken(tok)
	if err != nil {
		return nil, err
	}
	opts.fairSteps = s.FairSteps
	run := func(trace bool) (*Failure, string, error) {
		r := &replay{choices: s.Choices}
		f, _, err := runOne(t, opts, s.Seed, r, trace, nil)
		if r.misfit != "" && errors.Is(err, errInconclusive) {
			err = nil // a schedule that does not fit may run into anything
		}
		return f, r.misfit, err
	}
	f, misfit, err := run(true)
	if misfit == "" || err != nil {
		return f, err
	}
	_, again, err := run(false)
	if err != nil {
		return nil, err
	}
	if again == misfit {
		return nil, fmt.Errorf("%w: %s", ErrTokenMismatch, misfit)
	}
	if again == "" {
		again = "it fits"
	}
	if f == nil {
		f = &Failure{Kind: Nondeterminism, Schedule: s}
	}
	f.Message = fmt.Sprintf("the program does not replay the same way twice (it depends on something mcheck does not control): on the first replay %s; on the second %s", misfit, again)
	return f, nil
}

// Explore runs executions of t under the strategy until one fails, the
// budget is spent, or (dfs) every schedule is explored. An error means
// mcheck itself could not run the program (an unsupported construct or
// an interpreter fault), as opposed to a bug in it.
//
// It runs in passes: a replay token runs alone (exploreReplay);
// otherwise each worker gets its strategy (newSearch), PCT its expected
// number of choice points (calibratePCT), the executions run in batches
// (runBatches), and the failure with the lowest index is shrunk and
// reported (report).
func Explore(t Target, opts Options) (*Report, error) {
	opts.defaults()
	defer gcpace.Hold(gcpace.Explore)()
	start := time.Now()
	if opts.Replay != "" {
		return exploreReplay(t, opts, start)
	}
	x, err := newSearch(t, opts, start)
	if err != nil {
		return nil, err
	}
	defer x.release()
	next, cut, err := x.calibratePCT()
	if err != nil {
		return nil, err
	} else if cut {
		return x.rep, nil
	}
	if err := x.runBatches(next); err != nil {
		return nil, err
	}
	return x.report()
}

// reportName is the name a report gives the strategy of opts.
func reportName(opts Options) string {
	switch {
	case opts.Custom != nil && opts.Strategy == "":
		return "custom"
	case opts.Strategy == "":
		return RandomPCT
	}
	return opts.Strategy
}

// exploreReplay runs the schedule of opts.Replay, traced.
func exploreReplay(t Target, opts Options, start time.Time) (*Report, error) {
	f, err := replayToken(t, opts, opts.Replay)
	if err != nil {
		return nil, err
	}
	rep := &Report{Strategy: "replay", Executions: 1, Failure: f, Elapsed: time.Since(start)}
	if err := writeTrace(f, opts.TraceFile); err != nil {
		return nil, err
	}
	return rep, nil
}

// search is one exploration's state, shared by its workers: the counts
// and the best failure are guarded by mu.
type search struct {
	t              Target
	opts           Options
	start          time.Time
	deadline, hard time.Time // the time budget, and with its grace (zero: none)
	strategies     []Strategy
	slots          []machineSlot // each worker's last machine (see machineSlot)
	seen           *stateSet
	races          *raceSet
	cov            *Coverage
	covBase        int             // the number of the first execution in cov
	trackers       []*coverTracker // each worker's
	rep            *Report
	lastProgress   time.Time

	mu           sync.Mutex
	best         *Failure
	bestErr      error
	steps        int64
	ran          int // complete executions
	longest      int // the steps of the longest complete execution
	inconclusive int
	pruned       int  // executions cut short by partial-order reduction
	stateHits    int  // of which at a state already seen
	exhausted    bool // the strategy has nothing left to explore
}

// newSearch prepares the exploration: its budget and each worker's
// strategy. Executions run in batches; each worker has its own strategy.
// Every execution's seed depends only on its index, and the failure
// reported is the one with the lowest index, so the result does not
// depend on the number of workers.
func newSearch(t Target, opts Options, start time.Time) (*search, error) {
	x := &search{
		t: t, opts: opts, start: start, lastProgress: start,
		rep:   &Report{Strategy: reportName(opts), Shard: opts.Shard},
		seen:  &stateSet{m: map[uint64]struct{}{}},
		races: &raceSet{seen: map[[2]string]bool{}},
		// The last machines are released only without a custom
		// strategy (release): one may look at its last execution once
		// the exploration is over (tracetest's Classes.Finish).
		slots:      make([]machineSlot, opts.Workers),
		strategies: make([]Strategy, opts.Workers),
		cov:        opts.Coverage,
		trackers:   make([]*coverTracker, opts.Workers),
	}
	if x.cov == nil && opts.Saturate {
		x.cov = NewCoverage()
	}
	if x.cov != nil {
		x.covBase = x.cov.begin()
		for w := range x.trackers {
			x.trackers[w] = &coverTracker{}
		}
	}
	if opts.Time > 0 {
		x.deadline = start.Add(opts.Time)
		x.hard = x.deadline.Add(cmp.Or(opts.Grace, DeadlineGrace(opts.Time)))
	}
	for w := range x.strategies {
		s, err := newStrategy(opts)
		if err != nil {
			return nil, err
		}
		x.strategies[w] = s
	}
	return x, nil
}

// release hands on the workers' last machines and the buffers of the
// strategies the search made to the next search (an explanation of a
// component's failure runs hundreds of short ones): not with
// Options.Custom, whose strategy may look at its last execution once the
// exploration is over.
func (x *search) release() {
	if x.opts.Custom != nil {
		return
	}
	for w := range x.slots {
		x.slots[w].release()
	}
	for _, s := range x.strategies {
		if d, ok := s.(*dfs); ok {
			d.release()
		}
	}
}

// calibratePCT gives PCT its change points' range: the expected number
// of choice points, measured once (so it does not depend on the
// workers). Where execution 0 is a random walk on every worker (the
// random walk and pct on alternate executions, the default), the
// measure is that execution, run alone before the others and counted as
// any other: a program whose executions are slow is not run once more
// for the measure. Otherwise it is a random walk of its own, not
// counted, and cut says the time budget ran out in it: x.rep is the
// report. next is the number of executions run.
func (x *search) calibratePCT() (next int, cut bool, err error) {
	var pcts []*pct
	randomFirst := true
	for _, s := range x.strategies {
		switch s := s.(type) {
		case *pct:
			pcts, randomFirst = append(pcts, s), false
		case *randomPCT:
			pcts = append(pcts, s.pct)
		}
	}
	if len(pcts) == 0 {
		return 0, false, nil
	}
	var k int
	if randomFirst && len(pcts) == len(x.strategies) && x.opts.Executions > 0 {
		// Execution 0, with the seed of the measure as it was run
		// apart (so PCT's executions are as they were).
		func() {
			defer x.recoverFault()
			x.runSeeded(0, 0, -1)
		}()
		x.mu.Lock()
		k, next = max(16, 2*int(x.steps)), 1 // x.steps: execution 0's choice points
		x.mu.Unlock()
	} else if k, err = calibrate(x.t, x.opts, x.hard); err != nil {
		if c, ok := err.(*interrupted); ok {
			x.rep.Inconclusive, x.rep.Interrupted, x.rep.Elapsed = 1, c.where, time.Since(x.start)
			return 0, true, nil
		}
		return 0, false, err
	}
	for _, p := range pcts {
		p.k = k
	}
	return next, false, nil
}

// runBatches runs the executions from next on, a batch at a time, until
// one fails, the budget is spent or the strategy is exhausted (the
// executions before next have run: calibratePCT). An error is mcheck's.
func (x *search) runBatches(next int) error {
	opts := x.opts
	for first := true; ; first = false {
		x.rep.Executions, x.rep.Pruned, x.rep.Inconclusive, x.rep.StateHits = x.ran, x.pruned, x.inconclusive, x.stateHits
		if x.exhausted {
			x.rep.Exhausted = true
		}
		if x.bestErr != nil {
			return x.bestErr
		}
		if next >= opts.Executions || x.best != nil || x.exhausted || (!x.deadline.IsZero() && time.Now().After(x.deadline)) {
			return nil
		}
		if next > 0 && opts.Saturate && !systematic(opts.Strategy) && x.cov.saturated(x.covBase, next) {
			x.rep.Saturated = true
			return nil
		}
		if !first {
			x.progress()
		}
		batch := min(opts.Workers*8, opts.Executions-next)
		x.runBatch(next, batch)
		next += batch
	}
}

// runBatch runs executions next to next+batch-1 on the workers. Worker
// 0 runs on this goroutine (one worker, as dfs has, needs no other, and
// no wake-up per batch).
func (x *search) runBatch(next, batch int) {
	var wg sync.WaitGroup
	for w := 1; w < x.opts.Workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			x.work(w, next, batch)
		}(w)
	}
	x.work(0, next, batch)
	wg.Wait()
}

// work runs worker w's share of a batch: every Workers-th execution.
func (x *search) work(w, next, batch int) {
	defer x.recoverFault()
	for i := next + w; i < next+batch; i += x.opts.Workers {
		if !x.runExecution(w, i) {
			return
		}
	}
}

// recoverFault, deferred on a host goroutine that runs executions, ends
// the search with mcheck's error instead of letting a panic of mcheck's
// own code kill the test binary (mu is never held across a call that
// may panic).
func (x *search) recoverFault() {
	if r := recover(); r != nil {
		err := fmt.Errorf("mcheck internal error (a fault of mcheck, not of the program): %v\n%s", r, debug.Stack())
		x.mu.Lock()
		x.bestErr = cmp.Or(x.bestErr, err)
		x.mu.Unlock()
	}
}

// runExecution runs execution i on worker w and records its outcome. It
// reports whether the worker goes on: not once the budget is spent, the
// strategy is exhausted, or mcheck could not run an execution (a limit, a
// fault: the rest of the batch would fail alike).
func (x *search) runExecution(w, i int) bool {
	return x.runSeeded(w, i, x.opts.Shard.Execution(i))
}

// runSeeded is runExecution with the seed of execution seedIndex of the
// whole search (of every shard).
func (x *search) runSeeded(w, i, seedIndex int) bool {
	opts, s := x.opts, x.strategies[w]
	x.mu.Lock()
	stop := x.bestErr != nil
	x.mu.Unlock()
	// The budget is over: the batch's other executions are not started
	// (the first always is), so a search whose executions are slow ends
	// at most one execution late.
	if stop || i > 0 && !x.deadline.IsZero() && time.Now().After(x.deadline) {
		return false
	}
	seed := executionSeed(opts.Seed, seedIndex)
	if !s.NewExecution(i, seed) {
		x.mu.Lock()
		x.exhausted = true
		x.mu.Unlock()
		return false
	}
	extra := &runExtra{states: opts.CountStates, deadline: x.hard, machines: &x.slots[w], cover: x.trackers[w]}
	if extra.cover != nil {
		extra.cover.reset()
	}
	x.mu.Lock()
	o := opts
	o.fairSteps = fairBudget(opts, x.ran, x.longest)
	x.mu.Unlock()
	began := time.Now()
	f, n, err := runOne(x.t, o, seed, s, false, extra)
	if f != nil {
		f.took = time.Since(began)
	}
	if d, ok := s.(Diverger); ok && err == nil {
		err = d.Diverged()
	}
	x.seen.add(extra.fps)
	x.races.add(extra.races)
	if extra.cover != nil {
		x.cov.add(x.covBase+i, extra.cover.fresh)
	}
	p, isPruner := s.(Pruner)
	wasPruned := isPruner && p.Pruned()
	c, isCache := s.(StateCache)
	hit := wasPruned && isCache && c.StateHit()
	x.record(i, f, n, err, extra, wasPruned, hit)
	return true
}

// record counts the outcome of execution i: f, its n choice points,
// mcheck's error err, whether the strategy pruned it (and hit, at a
// state already seen).
func (x *search) record(i int, f *Failure, n int, err error, extra *runExtra, wasPruned, hit bool) {
	if x.opts.Executed != nil {
		x.opts.Executed.Add(1)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if wasPruned {
		x.pruned++
		if hit {
			x.stateHits++
		}
	} else if errors.Is(err, errInconclusive) {
		err = nil
		x.inconclusive++
	} else if cut, ok := err.(*interrupted); ok {
		err = nil
		x.inconclusive++
		x.rep.Interrupted = cut.where
	} else {
		x.ran++
		x.longest = max(x.longest, extra.steps)
	}
	x.steps += int64(n)
	if extra.slack != "" && f == nil {
		x.rep.Slack++
		x.rep.SlackExample = cmp.Or(x.rep.SlackExample, extra.slack)
	}
	if err != nil && (x.bestErr == nil) {
		x.bestErr = err
	}
	if f != nil && (x.best == nil || i < x.best.Execution) {
		f.Execution = i
		x.best = f
	}
}

// progress prints a progress line (Options.Progress) once a second.
func (x *search) progress() {
	if x.opts.Progress == nil || time.Since(x.lastProgress) <= time.Second {
		return
	}
	x.lastProgress = time.Now()
	el := time.Since(x.start)
	states := "" // counted only when asked: it costs a hash of every goroutine's stack at every step
	if x.opts.CountStates {
		states = fmt.Sprintf("%d distinct states, ", x.seen.len())
	}
	fmt.Fprintf(x.opts.Progress, "mcheck: %d executions, %.0f schedules/s, %s%d steps, 0 bugs\n",
		x.rep.Executions, float64(x.rep.Executions)/el.Seconds(), states, x.steps)
}

// report completes the report: the counts, and the failure with the
// lowest index, shrunk and replayed with tracing.
func (x *search) report() (*Report, error) {
	rep := x.rep
	rep.Steps = x.steps
	rep.States = x.seen.len()
	rep.Races = x.races.list
	if x.cov != nil {
		x.cov.end(x.ran + x.pruned + x.inconclusive)
		rep.Pairs, _, rep.PairsStale = x.cov.Counts()
	}
	if best := x.best; best != nil {
		f, err := shrink(x.t, x.opts, best, x.hard)
		if err != nil {
			return nil, err
		}
		f.Execution = best.Execution
		rep.Failure = f
		// As if the executions had run one after the other.
		rep.Executions = min(best.Execution+1, x.ran)
		if err := writeTrace(f, x.opts.TraceFile); err != nil {
			return nil, err
		}
	}
	rep.Elapsed = time.Since(x.start)
	return rep, nil
}

// writeTrace writes f's whole trace to file (see Options.TraceFile).
func writeTrace(f *Failure, file string) error {
	if f == nil || file == "" {
		return nil
	}
	f.TraceFile = file
	w, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("mcheck could not write the trace: %w", err)
	}
	err = f.WriteTrace(w, "TOKEN")
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("mcheck could not write the trace: %w", err)
	}
	return nil
}

// stateSet collects the fingerprints the workers saw.
type stateSet struct {
	mu sync.Mutex
	m  map[uint64]struct{}
}

// add records fingerprints.
func (ss *stateSet) add(fps []uint64) {
	ss.mu.Lock()
	for _, fp := range fps {
		ss.m[fp] = struct{}{}
	}
	ss.mu.Unlock()
}

func (ss *stateSet) len() int {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return len(ss.m)
}

// raceSet collects distinct races (by the pair of positions).
type raceSet struct {
	mu   sync.Mutex
	seen map[[2]string]bool
	list []*ssainterp.Race
}

func (rs *raceSet) add(races []*ssainterp.Race) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, r := range races {
		key := [2]string{r.Current.Pos, r.Previous.Pos}
		if r.Previous.Pos < r.Current.Pos {
			key = [2]string{r.Previous.Pos, r.Current.Pos}
		}
		if !rs.seen[key] {
			rs.seen[key] = true
			rs.list = append(rs.list, r)
		}
	}
}

// executionSeed derives execution i's seed: the SplitMix64 sequence
// seeded with the exploration's seed.
func executionSeed(seed uint64, i int) uint64 {
	return splitmix.Next(seed + uint64(i)*0x9e3779b97f4a7c15)
}

// calibrate estimates the number of choice points of an execution for
// PCT's change points, from one execution under the random strategy. An
// error is mcheck's: it could not run that execution.
func calibrate(t Target, opts Options, deadline time.Time) (int, error) {
	r := &randomWalk{}
	seed := executionSeed(opts.Seed, -1)
	r.NewExecution(-1, seed)
	opts.fairSteps = fairBudget(opts, 0, 0)
	_, n, err := runOne(t, opts, seed, r, false, &runExtra{deadline: deadline})
	if errors.Is(err, errInconclusive) {
		err = nil // its choice points still count
	}
	return max(16, 2*n), err
}

// recorder wraps a strategy, recording its decisions as a Schedule.
type recorder struct {
	Strategy
	s Schedule
}

func (r *recorder) NextGoroutine(enabled []int, current int) int {
	g := r.Strategy.NextGoroutine(enabled, current)
	r.s.Choices = append(r.s.Choices, g)
	return g
}

func (r *recorder) NextNumber(n int) int {
	c := r.Strategy.NextNumber(n)
	r.s.Choices = append(r.s.Choices, c)
	return c
}

// runExtra collects what an execution saw besides its outcome.
type runExtra struct {
	states   bool // collect fingerprints
	fps      []uint64
	races    []*ssainterp.Race
	deadline time.Time     // the search's time budget, grace included: the execution is interrupted past it
	steps    int           // the scheduling steps the execution made
	slack    string        // the stall a failed assertion needed, discarded as timing slack
	machines *machineSlot  // the worker's machines, nil: a machine of the execution's own
	cover    *coverTracker // the worker's coverage of ordering pairs, nil: none
}

// machineSlot holds a worker's last machine, and the buffers of its
// executions. A strategy may look at an execution's machine until its
// next NewExecution (dfs asks how the execution ended), so a worker
// releases a machine (Machine.Release) only when it makes the next one,
// which takes it over.
type machineSlot struct {
	last *ssainterp.Machine
	bufs *runBuffers
}

// runBuffers are the buffers of an execution (runOne), which the next
// execution of the worker reuses.
type runBuffers struct {
	stdout, stderr bytes.Buffer
	choices        []int // the schedule's (see recorder)
	enabled        []int // each step's enabled goroutines
	handed         bool  // a failure holds choices
}

// buffers returns the buffers for an execution: the worker's, or new.
// It releases the worker's last machine first: the output it may still
// be copying goes to these buffers.
func (x *runExtra) buffers() *runBuffers {
	if x != nil && x.machines != nil {
		x.machines.release()
	}
	if x != nil && x.machines != nil && x.machines.bufs != nil {
		b := x.machines.bufs
		x.machines.bufs = nil
		b.stdout.Reset()
		b.stderr.Reset()
		return b
	}
	return &runBuffers{choices: make([]int, 0, 128)} // most executions make fewer choices
}

// keep gives the buffers of an execution back to the worker.
func (x *runExtra) keep(b *runBuffers) {
	if x == nil || x.machines == nil {
		return
	}
	if b.handed {
		b.choices, b.handed = make([]int, 0, 128), false
	}
	x.machines.bufs = b
}

// newMachine releases the worker's last machine and makes the next.
func (s *machineSlot) newMachine(p *ssainterp.Program, cfg ssainterp.Config) *ssainterp.Machine {
	s.release()
	s.last = p.NewMachine(cfg)
	return s.last
}

// release releases the worker's last machine, if any.
func (s *machineSlot) release() {
	if s.last != nil {
		s.last.Release()
		s.last = nil
	}
}

// newMachine makes the machine of an execution: the worker's next one,
// or one of its own.
func (x *runExtra) newMachine(p *ssainterp.Program, cfg ssainterp.Config) *ssainterp.Machine {
	if x == nil || x.machines == nil {
		return p.NewMachine(cfg)
	}
	return x.machines.newMachine(p, cfg)
}

// DeadlineGrace is how long past a search's time budget (Options.Time) a
// running execution may go on before it is interrupted and counted
// inconclusive: a twentieth of the budget, at least 100ms and at most 1s.
func DeadlineGrace(budget time.Duration) time.Duration {
	return min(max(budget/20, 100*time.Millisecond), time.Second)
}

// interrupted is the error of an execution cut by the time budget (see
// runExtra.deadline): where it was.
type interrupted struct{ where string }

func (e *interrupted) Error() string { return "interrupted by the time budget at " + e.where }

// stallSeed reports whether the execution of seed is a stall execution
// (see Options.StallHorizon): a function of the seed alone, so that a
// replay of its schedule has the same horizon.
func stallSeed(seed uint64) bool { return seed&1 == 1 }

// horizon returns the timer horizon of the execution of seed.
func (o *Options) horizon(seed uint64) time.Duration {
	if systematic(o.Strategy) || !stallSeed(seed) || o.StallHorizon >= 0 && o.StallHorizon <= o.TimerHorizon || o.TimerHorizon < 0 {
		return o.TimerHorizon
	}
	return o.StallHorizon
}

// deadlineOf returns the deadline of the execution (none without extra).
func (x *runExtra) deadlineOf() time.Time {
	if x == nil {
		return time.Time{}
	}
	return x.deadline
}

// blocked describes the goroutines that cannot move.
func blocked(m *ssainterp.Machine) []ssainterp.Goroutine {
	var gs []ssainterp.Goroutine
	for _, id := range m.Blocked() {
		gs = append(gs, m.Goroutine(id))
	}
	return gs
}
