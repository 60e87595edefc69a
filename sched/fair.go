package sched

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mcheck-dev/mcheck/ssainterp"
)

// Clock is the pseudo-goroutine of the virtual clock in a goroutine
// choice. Go promises only that a sleep or timer lasts at least its
// duration, so firing the earliest pending timer is an alternative at
// every choice point where one is pending (within the execution's horizon: Options.TimerHorizon, 2ms by default, or unbounded in a stall execution, see Options.StallHorizon):
// Strategy.NextGoroutine finds Clock after the goroutine ids, and picking
// it moves the clock to that timer's deadline. Random picks it with a
// probability of its own, PCT gives it a priority like a goroutine's, and
// dfs counts an early firing like a preemption, so exhaustive searches
// stay finite.
const Clock = 0

// stalls records, for each goroutine, the virtual time since which it
// has been runnable: since it was created, or since a wait for the clock
// (a sleep, a timer's channel) ended. Moving does not reset it, and
// neither does a wait for another goroutine (a lock, a channel): a
// goroutine that waited for the janitor to unlock is still on its way
// from its last sleep. A timer may fire early only if its deadline is
// within the horizon of the earliest of those times among the enabled
// goroutines and those waiting for a lock (a lock is held briefly: its
// waiter is as good as runnable): however many steps and handoffs it
// takes, a runnable goroutine is not left behind by more than
// Options.TimerHorizon while timers fire (a 1ms ticker firing again and again does not carry the
// clock past go-cache TestCacheTimes' 70ms deadline while the test
// goroutine woken at 55ms makes the calls to its check).
type stalls struct {
	w []stall // by goroutine id
	// The ids of the goroutines enabled or waiting for a lock at the
	// last update, in order: the only ones earliest looks at, and with
	// the enabled ones the only ones update changes (a test with a
	// thousand goroutines, most of them blocked, pays for the few).
	active []int
	buf    []int // the next active list, and the lock waiters, reused
	ids    []int
}

type stall struct {
	since     int64 // runnable since (see stalls)
	seen      bool  // the goroutine has been enabled
	enabled   bool  // at the last update
	timerWait bool  // its last wait (if it is not enabled) was for the clock
	lockWait  bool  // or for a sync.Mutex or RWMutex
}

// update records which goroutines are enabled (sorted ids) at now.
func (s *stalls) update(m *ssainterp.Machine, enabled []int, now int64) {
	if last := enabled[len(enabled)-1]; last >= len(s.w) {
		s.w = grow(s.w, last, stall{})
	}
	// The goroutines active before and not enabled now: they stopped
	// being enabled, or still wait for a lock.
	waiters := s.ids[:0]
	j := 0
	for _, id := range s.active {
		for j < len(enabled) && enabled[j] < id {
			j++
		}
		if j < len(enabled) && enabled[j] == id {
			continue
		}
		st := &s.w[id]
		if st.enabled {
			st.enabled = false
			st.timerWait = m.WaitsOnTimer(id)
			st.lockWait = m.WaitsOnLock(id)
		}
		if st.lockWait {
			waiters = append(waiters, id)
		}
	}
	for _, id := range enabled {
		st := &s.w[id]
		if !st.seen || !st.enabled && st.timerWait {
			st.since = now
		}
		st.seen, st.enabled = true, true
	}
	next := s.buf[:0]
	for a, b := 0, 0; a < len(enabled) || b < len(waiters); {
		if b == len(waiters) || a < len(enabled) && enabled[a] < waiters[b] {
			next = append(next, enabled[a])
			a++
		} else {
			next = append(next, waiters[b])
			b++
		}
	}
	s.ids = waiters
	s.active, s.buf = next, s.active
}

// mayFire reports whether a timer due at when may fire at now while
// goroutines can move: its deadline is at most h after the earliest
// runnable-since time (any deadline if h < 0).
func (s *stalls) mayFire(now, when int64, h time.Duration) bool {
	if h < 0 {
		return true
	}
	since, _ := s.earliest(now)
	return when-since <= int64(h)
}

// earliest returns the earliest runnable-since time among the enabled
// goroutines and those waiting for a lock, and that goroutine (now and
// 0 if none).
func (s *stalls) earliest(now int64) (since int64, id int) {
	since = now
	for _, g := range s.active {
		if st := s.w[g]; (st.enabled || st.lockWait) && (st.since < since || id == 0 && st.since == since) {
			since, id = st.since, g
		}
	}
	return since, id
}

// stallNeed is what an execution needed of the machine's timing: the
// longest a goroutine ready to run had to wait while a timer fired
// ahead of it (0 if no timer fired early).
type stallNeed struct {
	d     time.Duration
	g     int   // the goroutine left waiting
	since int64 // ready since (virtual time)
	when  int64 // the deadline of the timer that fired
}

// note records that the timer due at when fired while goroutines could
// move, if it needed a longer stall than the longest so far.
func (n *stallNeed) note(s *stalls, now, when int64) {
	since, g := s.earliest(now)
	if d := time.Duration(when - since); d > n.d && g != 0 {
		*n = stallNeed{d: d, g: g, since: since, when: when}
	}
}

// describe says it as the report does, in the virtual time since the
// execution started.
func (n stallNeed) describe() string {
	return fmt.Sprintf("needs goroutine %d, ready since %v, to wait until the %v deadline fired (a stall of %v)",
		n.g, time.Duration(n.since), time.Duration(n.when), n.d)
}

// Fairness (after CHESS's fair scheduler, Musuvathi and Qadeer, "Fair
// Stateless Model Checking", PLDI 2008): a goroutine that yields with
// runtime.Gosched gets a lower priority than every goroutine that was
// enabled when it yielded, until each of those has moved or stopped being
// enabled, for at most yieldWindow steps. It is never excluded when
// nothing else can move, so every order real Go allows stays reachable
// (the yielding goroutine may also run first), and a spin loop cannot
// starve the goroutine it waits for.
const yieldWindow = 64

// maxClockRun bounds the timers fired in a row while goroutines could
// move instead: a strategy that favours the clock (PCT can give it the
// top priority) would otherwise fire a ticker for ever.
const maxClockRun = 3

type fairness struct {
	lastMoved []int       // by goroutine id: the step it last moved at (-1: never); kept from the first yield on
	yields    []yieldMark // by goroutine id
	any       bool        // a goroutine has yielded
	on        []bool      // by goroutine id, during filter: it is enabled
}

// yieldMark records a yield: at which step, and which goroutines could
// move then.
type yieldMark struct {
	at      int
	waitFor []int
}

func newFairness() *fairness { return &fairness{} }

func grow[T any](s []T, id int, zero T) []T {
	for len(s) <= id {
		s = append(s, zero)
	}
	return s
}

// filter drops from enabled, at step n, the goroutines that yielded and
// still owe their turn to another; if that would leave nothing, enabled
// is returned as it is. It costs O(len(enabled)) plus the goroutines
// the yields still wait for: a test with a hundred goroutines that yield
// in a loop is checked at every step.
func (fy *fairness) filter(enabled []int, n int) []int {
	if !fy.any {
		return enabled
	}
	top := 0
	for _, id := range enabled {
		top = max(top, id)
	}
	fy.on = grow(fy.on, top, false)
	for _, id := range enabled {
		fy.on[id] = true
	}
	var out []int
	for i, id := range enabled {
		if fy.owes(id, n) {
			if out == nil {
				out = append(make([]int, 0, len(enabled)), enabled[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, id)
		}
	}
	for _, id := range enabled {
		fy.on[id] = false
	}
	if out == nil || len(out) == 0 {
		return enabled
	}
	return out
}

// owes reports whether id yielded less than yieldWindow steps ago and a
// goroutine that could move then has not moved since and still can (is
// in fy.on). Goroutines that moved since are dropped from the yield's
// list as they are met: they never count again.
func (fy *fairness) owes(id int, n int) bool {
	if id >= len(fy.yields) || fy.yields[id].waitFor == nil {
		return false
	}
	y := &fy.yields[id]
	if n-y.at > yieldWindow {
		y.waitFor = nil
		return false
	}
	keep := y.waitFor[:0]
	for i, w := range y.waitFor {
		if fy.lastMoved[w] > y.at {
			continue
		}
		if w < len(fy.on) && fy.on[w] {
			if len(keep) < i { // some moved since: drop them
				y.waitFor = append(keep, y.waitFor[i:]...)
			}
			return true
		}
		keep = append(keep, w)
	}
	y.waitFor = nil
	return false
}

// hash writes to h, at step n, the yields the rule still honours: for
// each, the goroutine, the steps since it and the goroutines it still
// waits for (as owes sees them); the rest of the record never matters
// again (a state hash, Execution.stateHash).
func (fy *fairness) hash(h io.Writer, n int) {
	for id, y := range fy.yields {
		if y.waitFor == nil || n-y.at > yieldWindow {
			continue
		}
		fmt.Fprint(h, id, n-y.at, ":")
		for _, w := range y.waitFor {
			if fy.lastMoved[w] <= y.at {
				fmt.Fprint(h, w, ",")
			}
		}
	}
}

// moved records that g moved at step n, and whether it yielded (enabled
// were the goroutines that could have moved instead).
func (fy *fairness) moved(g, n int, yielded bool, enabled []int) {
	if !yielded && !fy.any {
		return // moves before the first yield never matter (see owes)
	}
	fy.any = true
	fy.lastMoved = grow(fy.lastMoved, g, -1)
	fy.lastMoved[g] = n
	if !yielded {
		return
	}
	fy.yields = grow(fy.yields, g, yieldMark{})
	others := fy.yields[g].waitFor[:0]
	for _, id := range enabled {
		if id != g && id != Clock {
			others = append(others, id)
			fy.lastMoved = grow(fy.lastMoved, id, -1)
		}
	}
	if len(others) == 0 {
		others = nil // nothing is owed
	}
	fy.yields[g] = yieldMark{at: n, waitFor: others}
}

// The step bound is a budget, not an oracle. An execution that reaches
// Options.MaxSteps goes on under a fair round-robin scheduler (timers may
// fire) for up to fairFactor times as many steps (see fairBudget). Each
// goroutine runs a time slice of up to fairSlice steps, as Go's
// scheduler runs one for a slice of time: a slice ends early when the
// goroutine yields or cannot move. Stepwise round-robin would be as fair
// but makes every compare-and-swap loop of n goroutines fail n-1 times
// in n (a lock-free semaphore taken a million times by a hundred
// goroutines does not finish in a minute), and asks every goroutine
// whether it can move at every step. It is a livelock only if
// the program then makes no progress: over a window of fairWindow steps no
// goroutine starts or finishes, no operation writes anything (a store, a
// send or receive, a lock, an atomic update), no timer is left to fire, and
// the same cycle of operations repeats. An execution still making progress
// when the fair budget is spent is inconclusive: discarded and counted
// (Report.Inconclusive), never reported as a bug.
const (
	fairFactor = 25
	fairWindow = 1000
	fairSlice  = 16
)

// inconclusive is the verdict of a fair phase that ran out of steps.
const inconclusive = "inconclusive"

// errInconclusive ends an inconclusive execution (see above).
var errInconclusive = errors.New("inconclusive execution")

// fairPhase is the round-robin continuation of an execution.
type fairPhase struct {
	left    int       // the steps it may make (negative: no bound)
	used    int       // the steps it made
	slice   int       // the steps left in the current goroutine's time slice
	steps   int       // steps in the current window
	ring    []pending // the window's operations, in order
	writes  bool      // something was written in the window
	created int       // goroutines created, at the window's start
	done    int       // goroutines finished, at the window's start
	started bool
}

// pending is an operation a goroutine was stopped at.
type pending struct {
	g  int
	op ssainterp.PendingOp
}

func newFairPhase(opts Options) *fairPhase {
	left := fairFactor * opts.MaxSteps
	switch {
	case opts.fairSteps < 0:
		left = -1
	case opts.fairSteps > 0:
		left = opts.fairSteps
	}
	return &fairPhase{left: left}
}

// fairBudget returns the fair phase's bound (Options.fairSteps) for the
// next execution of a search that has completed ran executions, the
// longest of them in longest steps. A stress test's execution (a hundred
// goroutines taking a lock ten thousand times) makes millions of steps
// and progress all along: under a time budget, the first execution goes
// on until it ends or the budget cuts it, and each later one may make
// twice as many steps as the longest that completed (at least the fixed
// fair budget), so that raising the budget is what checks a long test.
// Without a time budget, an execution that never ends would never be
// cut: the fixed budget holds.
func fairBudget(opts Options, ran, longest int) int {
	switch {
	case opts.Time <= 0:
		return 0
	case ran == 0:
		return -1
	}
	return max(fairFactor*opts.MaxSteps, 2*longest)
}

// goesOn reports whether current goes on with its time slice: it has
// steps of it left and can move.
func (fp *fairPhase) goesOn(m *ssainterp.Machine, current int) bool {
	return fp.slice > 0 && current != Clock && m.CanMove(current)
}

// record notes the operation goroutine g is about to perform, and
// whether it yields (which ends its time slice).
func (fp *fairPhase) record(m *ssainterp.Machine, g int, yields bool) {
	fp.slice--
	if yields {
		fp.slice = 0
	}
	if fp.writes {
		return // the window made progress: its operations never matter
	}
	op := m.Pending(g)
	fp.ring = append(fp.ring, pending{g, op})
	if op.Writes {
		fp.writes = true
	}
}

// next picks the goroutine to move in the fair phase (current if enabled
// is nil: its time slice goes on; else round-robin over enabled, which
// ends with Clock if a timer may fire), or returns a verdict:
// inconclusive, or the description of a livelock.
func (fp *fairPhase) next(m *ssainterp.Machine, enabled []int, current int) (int, string) {
	if !fp.started {
		fp.started = true
		fp.created, fp.done = m.NumGoroutines(), m.Finished()
	}
	fp.used++
	if fp.left >= 0 && fp.used > fp.left {
		return 0, inconclusive
	}
	fp.steps++
	if fp.steps >= fairWindow {
		stuck := !fp.writes && m.NumGoroutines() == fp.created && m.Finished() == fp.done
		ring := fp.ring
		fp.steps, fp.ring, fp.writes = 0, fp.ring[:0], false
		fp.created, fp.done = m.NumGoroutines(), m.Finished()
		if stuck {
			if _, _, ok := m.NextTimer(); ok {
				// Only time can help: real time passes however long
				// the deadline.
				return Clock, ""
			}
			if c := cycle(ring); c != nil {
				return 0, fmt.Sprintf("no progress under a fair scheduler: the same %d operations repeat for %d steps, with no write and no goroutine started or finished:\n%s",
					len(c), fairWindow, describeCycle(m, c))
			}
		}
	}
	if enabled == nil {
		return current, ""
	}
	fp.slice = fairSlice
	// Round-robin: the first enabled goroutine after current, Clock
	// last.
	key := func(id int) int {
		if id == Clock {
			return int(^uint(0) >> 1)
		}
		return id
	}
	for _, id := range enabled {
		if key(id) > key(current) {
			return id, ""
		}
	}
	return enabled[0], ""
}

// cycle returns the shortest sequence of operations whose repetition is
// the whole window (at least three times), or nil.
func cycle(ring []pending) []pending {
	for p := 1; p <= len(ring)/3; p++ {
		periodic := true
		for i := p; i < len(ring) && periodic; i++ {
			periodic = ring[i] == ring[i-p]
		}
		if periodic {
			return ring[len(ring)-p:]
		}
	}
	return nil
}

func describeCycle(m *ssainterp.Machine, c []pending) string {
	var b strings.Builder
	for i, p := range c {
		if i == 12 {
			fmt.Fprintf(&b, "  ... (%d more)\n", len(c)-i)
			break
		}
		fmt.Fprintf(&b, "  goroutine %d: %s %s\n", p.g, m.Position(p.op.Pos), p.op.What)
	}
	return strings.TrimRight(b.String(), "\n")
}

// livelocked describes the goroutines of a livelocked execution.
func livelocked(m *ssainterp.Machine) []ssainterp.Goroutine {
	var gs []ssainterp.Goroutine
	for id := 1; id <= m.NumGoroutines(); id++ {
		if d := m.Goroutine(id); !d.Done {
			gs = append(gs, d)
		}
	}
	return gs
}

// pendingOps says what the goroutines ids were about to do ("goroutine 3
// ran its chan send at main.go:20").
func pendingOps(m *ssainterp.Machine, ids []int) string {
	var parts []string
	for _, id := range ids {
		d := m.Goroutine(id)
		if d.Wait == ssainterp.WaitNone {
			parts = append(parts, fmt.Sprintf("goroutine %d ran (%s)", id, d.Pos))
			continue
		}
		parts = append(parts, fmt.Sprintf("goroutine %d ran its %s at %s", id, d.Op, d.Pos))
	}
	return strings.Join(parts, ", ")
}
