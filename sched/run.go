package sched

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// runOne runs one execution under strategy s. With trace, it records
// the interleaving. It returns the failure (nil if none), the number of
// choice points, and an error if mcheck itself failed.
//
// It runs in passes, each a method of run: start makes the machine and
// starts the target; schedule runs the scheduling loop (each step: the
// enabled goroutines, the clock's alternative, the pick, the step); the
// loop over, finish ends the machine and judge, settle and describe turn
// how it ended into the failure reported.
func runOne(t Target, opts Options, seed uint64, s Strategy, trace bool, extra *runExtra) (*Failure, int, error) {
	r := &run{t: t, opts: &opts, trace: trace, extra: extra}
	defer r.keepBuffers()
	if err := r.start(seed, s); err != nil {
		return nil, 0, err
	}
	if cut, err := r.schedule(); cut {
		return nil, r.choices, err
	}
	if extra != nil {
		extra.steps = r.n
	}
	res, leaked, outcome, err := r.finish()
	if err != nil {
		return nil, r.choices, err
	}
	r.judge(res, leaked, outcome)
	r.settle(s)
	if r.f != nil {
		r.describe()
	}
	return r.f, r.choices, nil
}

// run is one execution in progress (runOne): its machine, the
// strategy's hooks, and what the scheduling loop keeps from one step to
// the next.
type run struct {
	t     Target
	opts  *Options
	trace bool
	extra *runExtra

	bufs    *runBuffers
	rec     *recorder
	enabled []int // the buffer of each step's enabled goroutines
	m       *ssainterp.Machine
	ex      *Execution
	obs     Observer // the strategy's, or nil
	blind   bool     // obs is an AccessBlind that reads no Op.Access
	pr      Pruner   // the strategy's, or nil

	steps      []Step
	current    int
	choices    int
	lateTimers int // clock advances after a test returned
	fy         *fairness
	fp         *fairPhase // past opts.MaxSteps: round-robin (see fair.go)
	early      []string   // timers fired while goroutines could run (with trace)
	stall      stallNeed  // the longest stall a timer fired early needed
	horizon    time.Duration
	clockRun   int    // timers fired early since a goroutine last moved
	waiting    stalls // since when each goroutine has been runnable
	tk         *stepTracker
	n          int      // scheduling steps
	f          *Failure // the failure found, nil if none (yet)
}

// start makes the execution's machine (from the worker's buffers) and
// starts the target on it.
func (r *run) start(seed uint64, s Strategy) error {
	r.bufs = r.extra.buffers()
	r.rec = &recorder{Strategy: s, s: Schedule{Seed: seed, Choices: r.bufs.choices[:0]}}
	r.enabled = r.bufs.enabled
	opts, rec := r.opts, r.rec
	r.m = r.extra.newMachine(r.t.Prog, ssainterp.Config{
		Stdout: &r.bufs.stdout, Stderr: &r.bufs.stderr, Seed: seed, MaxSteps: opts.LoopSteps, MaxMemory: opts.MaxMemory,
		SharedPoints: !opts.SyncOnly, Races: !opts.NoRaces, RecordRaces: opts.RecordRaces,
		Fingerprints: opts.StateCaching,
		Choose:       func(n int) int { return rec.NextNumber(n) },
		Trace:        r.trace,
		Deadline:     r.extra.deadlineOf(),
	})
	if err := r.t.Start(r.m); err != nil {
		return err
	}
	r.ex = &Execution{m: r.m, prog: r.t.Prog, fingerprints: opts.StateCaching, enabled: -1}
	r.obs, _ = s.(Observer)
	if r.obs != nil {
		r.obs.Begin(r.ex)
	}
	if b, ok := s.(AccessBlind); ok {
		r.blind = b.AccessBlind()
	}
	r.pr, _ = s.(Pruner)
	r.fy = newFairness()
	r.horizon = opts.horizon(seed)
	if r.trace {
		r.tk = newStepTracker()
	}
	r.ex.sched = func() uint64 {
		h := fnv.New64a()
		fmt.Fprint(h, r.clockRun, r.fp != nil, r.waiting.w, "|")
		r.fy.hash(h, r.n)
		return h.Sum64()
	}
	return nil
}

// keepBuffers gives the execution's buffers back to the worker.
func (r *run) keepBuffers() {
	if r.bufs == nil {
		return
	}
	r.bufs.choices, r.bufs.enabled = r.rec.s.Choices, r.enabled
	r.extra.keep(r.bufs)
}

// fail returns a failure of kind k with the schedule and trace so far.
func (r *run) fail(k Kind, msg string) *Failure {
	r.bufs.handed = true // the failure keeps the schedule's choices
	return &Failure{Kind: k, Message: msg, Schedule: r.rec.s, Trace: r.steps}
}

// schedule runs the scheduling loop until the program ends, a failure
// is found or the strategy prunes the execution. cut says the execution
// ends here, with err (nil when pruned: the rest of the execution is
// redundant; errInconclusive when the fair phase's budget is spent).
func (r *run) schedule() (cut bool, err error) {
	m := r.m
	for ; !m.Done(); r.n++ {
		if r.n == r.opts.MaxSteps {
			r.fp = newFairPhase(*r.opts)
		}
		m.FireDueTimers()
		en := r.enabledNow()
		r.ex.enabled = -1
		if en != nil {
			r.ex.enabled = len(en)
			r.ex.blocked = m.NumLive() - len(en)
		}
		if en != nil && len(en) == 0 {
			if r.nothingEnabled() {
				continue
			}
			break
		}
		en = r.offerClock(en)
		g, err := r.pick(en)
		if err != nil {
			return true, err
		}
		if r.f != nil {
			break
		}
		if g == Clock {
			r.fireTimer(en)
			continue
		}
		if r.step(g, en) {
			return true, nil
		}
	}
	return false, nil
}

// enabledNow returns the goroutines that may move at this step, or nil
// when the fair phase goes on with the current one (fairPhase.slice).
func (r *run) enabledNow() []int {
	var en []int
	if r.fp == nil || !r.fp.goesOn(r.m, r.current) {
		r.enabled = r.m.AppendEnabled(r.enabled[:0])
		en = r.enabled
	}
	if r.tk != nil && en != nil {
		r.tk.blocked(r.m, en, len(r.steps))
	}
	return en
}

// nothingEnabled handles a step at which no goroutine can move: it
// reports whether the execution goes on (a timer fired), else it is
// over (the test returned) or a global deadlock (r.f).
func (r *run) nothingEnabled() bool {
	m := r.m
	if r.t.Test && m.TestDone() {
		// The test returned: let pending timers fire for a
		// while, then whatever is still blocked leaked.
		if r.lateTimers < 100 && m.WakeClock() {
			r.lateTimers++
			return true
		}
		return false
	}
	if m.WakeClock() {
		return true
	}
	r.f = r.fail(GlobalDeadlock, "all goroutines are asleep - deadlock!")
	r.f.Goroutines = blocked(m)
	m.Deadlock()
	return false
}

// offerClock filters the enabled goroutines for fairness and adds the
// Clock alternative when the earliest timer may fire now (see Clock).
func (r *run) offerClock(en []int) []int {
	if en == nil {
		return nil
	}
	m, opts := r.m, r.opts
	en = r.fy.filter(en, r.n)
	if when, ok := m.NextDeadline(); ok && !opts.TimeBarrier {
		// With no timer pending the clock stands (but for reads), so
		// the runnable-since times need no update.
		r.waiting.update(m, en, m.Now())
		h := r.horizon
		if r.stall.d > opts.TimerHorizon && opts.TimerHorizon >= 0 {
			h = opts.TimerHorizon // one long stall per execution (see Options.StallHorizon)
		}
		if r.clockRun < maxClockRun && r.waiting.mayFire(m.Now(), when, h) {
			en = append(en, Clock) // the earliest timer may fire now (see Clock)
		}
	}
	return en
}

// pick returns the goroutine (or Clock) that moves next: the fair
// phase's, the strategy's at a choice point, or the only one. In the
// fair phase it may find a livelock (r.f) or give up (errInconclusive).
func (r *run) pick(en []int) (int, error) {
	switch {
	case r.fp != nil:
		g, verdict := r.fp.next(r.m, en, r.current)
		if verdict != "" {
			if verdict == inconclusive {
				return 0, errInconclusive
			}
			r.f = r.fail(Livelock, verdict)
			r.f.Goroutines = livelocked(r.m)
		}
		return g, nil
	case len(en) > 1:
		r.choices++
		return r.rec.NextGoroutine(en, r.current), nil
	}
	return en[0], nil
}

// fireTimer fires the earliest timer, advancing the clock to it.
func (r *run) fireTimer(en []int) {
	m := r.m
	if r.obs != nil {
		r.obs.Performed(r.ex.Pending(Clock))
	}
	if when, ok := m.NextDeadline(); ok {
		r.stall.note(&r.waiting, m.Now(), when) // goroutines could move: it fires early
	}
	if r.trace {
		desc, pos, _ := m.NextTimer()
		when, _ := m.NextDeadline()
		r.steps = append(r.steps, Step{G: Clock, Op: "timer fires", Pos: pos, Clock: when})
		if others := slices.DeleteFunc(slices.Clone(en), func(id int) bool { return id == Clock }); len(others) > 0 {
			r.early = append(r.early, desc+" fired before "+pendingOps(m, others))
		}
	}
	m.AdvanceClock()
	r.current = Clock
	r.clockRun++
}

// step runs goroutine g to its next visible operation. It reports
// whether the strategy pruned the execution there.
func (r *run) step(g int, en []int) (pruned bool) {
	m := r.m
	r.clockRun = 0
	if r.trace {
		r.steps = append(r.steps, r.tk.step(m, g))
	}
	switch {
	case r.blind:
		r.obs.Performed(Op{G: g})
	case r.obs != nil:
		r.obs.Performed(r.ex.Pending(g))
	}
	r.ex.enabled = -1 // the state changes
	if r.extra != nil && r.extra.states {
		r.extra.fps = append(r.extra.fps, m.Fingerprint())
	}
	if r.extra != nil && r.extra.cover != nil {
		r.extra.cover.step(m, g)
	}
	yielded := m.Yielding(g)
	if r.fp != nil {
		r.fp.record(m, g, yielded)
	}
	m.StepID(g)
	r.fy.moved(g, r.n, yielded, en)
	if r.pr != nil && r.pr.Pruned() {
		return true // the rest of this execution is redundant
	}
	r.current = g
	return false
}

// finish ends the machine: the goroutines left blocked (not those
// waiting for a pending timer), the test's outcome and the machine's
// result; an error if the execution was interrupted or mcheck failed.
func (r *run) finish() (ssainterp.Result, []ssainterp.Goroutine, ssainterp.TestOutcome, error) {
	m := r.m
	leaked := []ssainterp.Goroutine(nil)
	if r.f == nil && (r.opts.Leaks || r.t.Test) {
		// A goroutine waiting for a pending timer (a janitor on its
		// ticker) is not blocked forever.
		for _, g := range blocked(m) {
			if !m.WaitsOnTimer(g.ID) {
				leaked = append(leaked, g)
			}
		}
	}
	outcome := m.TestOutcome()
	if r.extra != nil {
		r.extra.races = m.Races()
	}
	res := m.Finish()
	if res.Interrupted != "" {
		return res, nil, outcome, &interrupted{res.Interrupted}
	}
	if res.Fault != nil {
		return res, nil, outcome, fmt.Errorf("mcheck could not run the program: %w", res.Fault)
	}
	return res, leaked, outcome, nil
}

// judge finds the failure the execution ended in, if the loop found
// none: a data race, a panic, a failed test, a leak, an exit status.
func (r *run) judge(res ssainterp.Result, leaked []ssainterp.Goroutine, outcome ssainterp.TestOutcome) {
	m, t, opts := r.m, r.t, r.opts
	if rc := m.Race(); r.f == nil && rc != nil {
		r.f = r.fail(DataRace, rc.Message)
		r.f.Race = rc
		for _, id := range []int{rc.Current.Goroutine, rc.Previous.Goroutine} {
			r.f.Goroutines = append(r.f.Goroutines, m.Goroutine(id))
		}
	}
	// A failed assertion that needed a longer stall than the horizon is
	// the test's timing slack (Options.StallHorizon), and so is what
	// follows from it: the goroutines it leaves blocked when it fails (a
	// t.Fatal after a dial timed out leaves the server running), a panic
	// of the test after it failed (t.Error("no value"), then the nil
	// value's method). A leak or a panic of a test that had not failed is
	// still a bug, whatever stall it needed.
	slack := r.stall.d > opts.TimerHorizon && opts.TimerHorizon >= 0
	panicked, panicMsg := m.Panicked()
	failedSlack := slack && (t.Test && outcome.Failed || res.ExitCode != 0 && !res.Deadlock && !panicked)
	if failedSlack && r.extra != nil {
		r.extra.slack = r.stall.describe()
	}
	if r.f != nil {
		return
	}
	if panicked && !(failedSlack && t.Test && outcome.Failed) {
		msg := panicMsg
		r.f = r.fail(Panic, strings.TrimPrefix(msg, "panic: "))
		r.f.Panic = m.PanicInfo()
	} else if t.Test && outcome.Failed && !slack {
		r.f = r.fail(TestFailed, cmp.Or(strings.Join(outcome.Log, "\n"), outcome.FailedAt))
	} else if len(leaked) > 0 && !failedSlack {
		when := "the program ended"
		if t.Test {
			when = "the test returned"
		}
		r.f = r.fail(Leak, fmt.Sprintf("%d goroutine(s) blocked forever after %s", len(leaked), when))
		r.f.Goroutines = leaked
	} else if res.ExitCode != 0 && !res.Deadlock && !slack {
		r.f = r.fail(ExitStatus, fmt.Sprintf("the program exited with status %d", res.ExitCode))
		r.f.ExitCode = res.ExitCode
	}
}

// settle makes a replay that did not fit a Nondeterminism failure
// (replayToken tells which it is), and drops a failure the target
// expected (Target.Expected).
func (r *run) settle(s Strategy) {
	if rp, ok := s.(*replay); ok {
		if rp.end(); rp.misfit != "" {
			r.f = r.fail(Nondeterminism, rp.misfit)
		}
	}
	if r.f != nil && r.f.Kind != Nondeterminism && r.t.Expected != nil && r.t.Expected(r.m, r.f) {
		r.f = nil
	}
}

// describe completes the failure found: its timing, environment,
// schedule, trace and output.
func (r *run) describe() {
	f := r.f
	f.steps = r.n
	if len(r.early) > 0 {
		f.Timing = "timing-dependent: " + strings.Join(r.early[:min(len(r.early), 3)], "; ")
		if len(r.early) > 3 {
			f.Timing += fmt.Sprintf("; and %d more timers fired early", len(r.early)-3)
		}
		if r.stall.d > 0 {
			f.Timing += "; it " + r.stall.describe()
		}
	}
	if r.trace && r.t.Describe != nil {
		f.Environment = r.t.Describe(r.m)
	}
	f.Schedule = r.rec.s
	if r.fp != nil && r.fp.used > fairFactor*r.opts.MaxSteps {
		f.Schedule.FairSteps = r.fp.used // a replay needs as many
	}
	f.Trace = r.steps
	f.Stdout, f.Stderr = r.bufs.stdout.String(), r.bufs.stderr.String()
}
