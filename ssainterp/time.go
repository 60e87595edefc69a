package ssainterp

import (
	"fmt"
	"go/token"
	"math"
	"reflect"
	"slices"
	"time"
)

// The time model: a virtual clock, sleeps and timers.
//
// The clock is an int64 of nanoseconds since a fixed epoch. Go promises
// only that a sleep or a timer lasts at least its duration, so the clock
// is not a barrier: a scheduler may fire the earliest pending timer (or
// end the earliest sleep), moving the clock to its deadline, at any choice
// point, not only when nothing else can run (Machine.AdvanceClock).
// Timers fire in deadline order and the clock never goes back; every
// timer and sleep whose deadline the clock has reached is due and fires
// at the next step (Machine.FireDueTimers).
//
// Reading the clock (time.Now, Since, Until) is a visible operation, and
// time passes as code reads it, so that code waiting for the clock to move
// (a busy-wait such as `for time.Since(start) < 5*time.Millisecond {}`, a
// loop polling a cache until an entry expires) ends:
//   - each read after the first two since the clock last moved by a timer
//     or sleep advances it by 1µs;
//   - a goroutine's k-th read in a row with no other visible operation of
//     its own in between (k >= 3) advances it by 2^(k-3) µs instead, if
//     that is more, so a pure busy-wait for d ends after about log2(d/1µs)
//     reads.
// Code that reads the clock a few times between its waits sees it stand
// still, exactly at the deadlines it waited for (context.WithTimeout reads
// it twice).

// epoch is the fixed instant the virtual clock starts at.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// timer is a pending timer of the time model.
type timer struct {
	when    int64
	period  int64
	d       int64    // the duration asked for (for reports)
	ch      *chanV   // Timer.C / Ticker.C, or nil
	fn      *closure // AfterFunc
	active  bool
	creator *goroutine
	bubble  *bubble   // the synctest bubble whose clock it runs on, or nil
	what    string    // the function that made it ("time.After")
	pos     token.Pos // where
}

// deadline returns now+d, saturating at the end of time instead of
// overflowing (the built-in domains pass durations near math.MaxInt64).
func deadline(now, d int64) int64 {
	if d <= 0 {
		return now
	}
	if d > math.MaxInt64-now {
		return math.MaxInt64
	}
	return now + d
}

// timeModels returns the models of package time over the virtual clock.
func timeModels() modelTable {
	tab := modelTable{}
	// Reading the clock is a visible operation: time passing is how a
	// goroutine observes that others ran (a busy-wait on the clock lets
	// them run).
	clockRead := func(f func(m *Machine, now time.Time, args []value) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			if !m.visible(fr, &opDesc{kind: opModel, wait: WaitTimeNow}) {
				return stop(fr)
			}
			base, now := m.clockOf(fr.g)
			set(fr, dst, f(m, base.Add(time.Duration(now)), args))
			return fr
		}
	}
	tab["time.Now"] = clockRead(func(m *Machine, now time.Time, args []value) value {
		return value{r: reflect.ValueOf(&now).Elem()}
	})
	tab["time.Since"] = clockRead(func(m *Machine, now time.Time, args []value) value {
		return intVal(int64(now.Sub(m.nativeTime(args[0]))))
	})
	tab["time.Until"] = clockRead(func(m *Machine, now time.Time, args []value) value {
		return intVal(int64(m.nativeTime(args[0]).Sub(now)))
	})
	tab["time.Sleep"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		d := args[0].int()
		g := fr.g
		if !g.granted && g.nested == 0 {
			g.wake = deadline(m.nowOf(g.bubble), d)
			g.sleep = d
		}
		wake, b := g.wake, g.bubble
		m.slept = true
		if !m.visible(fr, &opDesc{kind: opModel, wait: WaitSleep, wake: wake,
			ready: readyFunc(func(*goroutine) bool { return m.nowOf(b) >= wake })}) {
			return stop(fr)
		}
		return fr
	}
	tab["time.After"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		t := m.newTimer(fr, "time.After", args[0].int(), 0, nil)
		set(fr, dst, value{r: t.ch})
		return fr
	}
	tab["time.Tick"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		d := args[0].int()
		if d <= 0 {
			set(fr, dst, value{})
			return fr
		}
		t := m.newTimer(fr, "time.Tick", d, d, nil)
		set(fr, dst, value{r: t.ch})
		return fr
	}
	newTimerLike := func(what string, period bool) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			d := args[0].int()
			if period && d <= 0 {
				throwPanic(m.stringPanic("non-positive interval for NewTicker"))
			}
			p := int64(0)
			if period {
				p = d
			}
			t := m.newTimer(fr, what, d, p, nil)
			set(fr, dst, value{r: &value{r: agg{{r: t.ch}, boolVal(true)}}})
			return fr
		}
	}
	tab["time.NewTimer"] = newTimerLike("time.NewTimer", false)
	tab["time.NewTicker"] = newTimerLike("time.NewTicker", true)
	tab["time.AfterFunc"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		f, _ := args[1].r.(*closure)
		t := m.newTimer(fr, "time.AfterFunc", args[0].int(), 0, f)
		set(fr, dst, value{r: &value{r: agg{{r: t.ch}, boolVal(true)}}})
		return fr
	}
	// Stop and Reset are visible operations: the timer may fire just
	// before them.
	stopTimer := func(wait WaitReason) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			t := m.timerOf(args[0])
			if !m.visible(fr, &opDesc{kind: opModel, obj: t.ch, wait: wait}) {
				return stop(fr)
			}
			was := t.active
			t.active = false
			if t.ch != nil {
				t.ch.buf = nil // Go 1.23 timers: no stale value after Stop
			}
			set(fr, dst, boolVal(was))
			return fr
		}
	}
	resetTimer := func(wait WaitReason) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			t := m.timerOf(args[0])
			if !m.visible(fr, &opDesc{kind: opModel, obj: t.ch, wait: wait}) {
				return stop(fr)
			}
			was := t.active
			d := args[1].int()
			if t.period > 0 {
				if d <= 0 {
					throwPanic(m.stringPanic("non-positive interval for Ticker.Reset"))
				}
				t.period = d
			}
			t.when = deadline(m.nowOf(t.bubble), d)
			t.d = d
			t.active = true
			if !slices.Contains(m.timers, t) {
				m.timers = append(m.timers, t) // fired or stopped: fireTimers dropped it
			}
			if t.ch != nil {
				t.ch.buf = nil
			}
			set(fr, dst, boolVal(was))
			return fr
		}
	}
	// A schedule names the operation by the type the program called it on.
	tab["(*time.Timer).Stop"] = stopTimer(WaitTimerStop)
	tab["(*time.Ticker).Stop"] = stopTimer(WaitTickerStop)
	tab["(*time.Timer).Reset"] = resetTimer(WaitTimerReset)
	tab["(*time.Ticker).Reset"] = resetTimer(WaitTickerReset)
	return tab
}

// readClock returns the clock for a read by g, first advancing it as the
// top of this file says (Machine.Step resets g's count at its other
// operations, advanceClock the machine's).
func (m *Machine) readClock(g *goroutine) int64 {
	step := int64(0)
	if m.clockReads >= 2 {
		step = int64(time.Microsecond)
	}
	if g != nil {
		if g.clockReads >= 2 {
			step = max(step, int64(time.Microsecond)<<min(g.clockReads-2, 40))
		}
		g.clockReads++
	}
	m.clockReads++
	m.now = deadline(m.now, step)
	return m.now
}

func (m *Machine) timeValue(ns int64) value {
	t := epoch.Add(time.Duration(ns))
	return value{r: reflect.ValueOf(&t).Elem()}
}

func (m *Machine) nativeTime(v value) time.Time {
	return v.r.(reflect.Value).Interface().(time.Time)
}

// newTimer starts a timer made by the model of function what, called in
// fr.
func (m *Machine) newTimer(fr *frame, what string, d, period int64, f *closure) *timer {
	var b *bubble
	if m.cur != nil {
		b = m.cur.bubble
	}
	t := &timer{when: deadline(m.nowOf(b), d), d: d, period: period, fn: f, active: true, creator: m.cur, bubble: b, what: what}
	if fr != nil && fr.fn != nil {
		if i := fr.pc - 1; i >= 0 && i < len(fr.fn.pos) {
			t.pos = fr.fn.pos[i]
		}
	}
	m.nextChan++
	t.ch = &chanV{cap: 1, id: m.nextChan, timer: t, elem: m.prog.nativeRtype(reflect.TypeFor[time.Time]())}
	m.timers = append(m.timers, t)
	if m.cur != nil {
		m.syncWith(m.cur, t.ch) // the creator's past happens before the firing
	}
	return t
}

// timerOf finds the timer behind a *time.Timer or *time.Ticker.
func (m *Machine) timerOf(p value) *timer {
	c := cellOf(p)
	ch, _ := c.r.(agg)[0].r.(*chanV)
	if ch == nil || ch.timer == nil {
		throwPanic(m.stringPanic("time: Stop called on uninitialized Timer"))
	}
	return ch.timer
}

// nextDeadline returns the earliest deadline of an active timer or a
// pending sleep, and the timer (nil for a sleep) or the sleeping
// goroutine it belongs to. With wake, only those that can make a
// goroutine runnable count: a sleep, an AfterFunc (it starts one), a
// timer or ticker whose channel a goroutine waits to receive from (or
// selects on); the others only fill their channel's buffer. Go (since
// 1.23) keeps a timer channel's timer in the runtime's heap only while a
// goroutine is blocked on the channel, so when every goroutine is
// blocked and only such timers are pending, it reports "all goroutines
// are asleep".
func (m *Machine) nextDeadline(wake bool) (when int64, t *timer, sleeper *goroutine, ok bool) {
	for _, tm := range m.timers {
		if tm.bubble == nil && tm.active && (!wake || tm.fn != nil || len(tm.ch.recvq) > 0) && (!ok || tm.when < when) {
			when, t, ok = tm.when, tm, true
		}
	}
	if !m.slept {
		return when, t, nil, ok // no goroutine sleeps
	}
	for _, g := range m.live {
		// (wake first: only a sleep sets it, so most goroutines fail there.)
		if g.state == gPending && g.pending.wake > m.now && g.bubble == nil && g.pending.wait == WaitSleep && (!ok || g.pending.wake < when) {
			when, t, sleeper, ok = g.pending.wake, nil, g, true
		}
	}
	return when, t, sleeper, ok
}

// advanceClock moves the virtual clock to the next timer or sleep deadline
// (the next that can wake a goroutine, if wake) and fires what is due. It
// reports whether anything was pending.
func (m *Machine) advanceClock(wake bool) bool {
	next, _, _, ok := m.nextDeadline(wake)
	if !ok {
		return false
	}
	if next > m.now {
		m.now = next
		m.clockReads = 0
	}
	m.fireTimers()
	return true
}

// parkedReceiver returns the first goroutine stopped before a receive
// or select on ch that cannot move (none of its cases is ready): it
// would have parked there, and a timer's firing completes its receive.
// A goroutine that can move has not parked (another case is ready), and
// finds the timer's value buffered.
func (m *Machine) parkedReceiver(ch *chanV) *sudog {
	for _, s := range ch.recvq {
		if !m.enabled(s.g) {
			return s
		}
	}
	return nil
}

// fireTimers fires every active timer of the machine's clock that is due.
func (m *Machine) fireTimers() { m.fireTimersOf(nil) }

// fireTimersOf fires every active timer of bubble b's clock (nil: the
// machine's) that is due. A ticker that missed several periods delivers
// one value, as Go's does.
func (m *Machine) fireTimersOf(b *bubble) {
	m.clockMoves++
	m.readyEpoch++
	live := m.timers[:0]
	now := m.nowOf(b)
	for _, t := range m.timers {
		if t.bubble == b && t.active && t.when <= now {
			if t.fn != nil {
				t.active = false
				g := m.spawnClosure(t.fn, nil, 0)
				g.created, g.bubble = t.pos, b
				if t.creator != nil {
					m.startTimerGoroutine(t, g)
				}
			} else {
				when := epochOf(b).Add(time.Duration(t.when))
				v := value{r: reflect.ValueOf(&when).Elem()}
				if s := m.parkedReceiver(t.ch); s != nil {
					// Go's timer channels are synchronous: the firing
					// hands the value to a receive or select parked on
					// it, which takes that case however late it runs.
					m.complete(s, v, true)
				} else if len(t.ch.buf) < t.ch.cap {
					t.ch.buf = append(t.ch.buf, v)
				}
			}
			if t.period > 0 {
				for t.when <= now {
					t.when = deadline(t.when, t.period)
					if t.when == math.MaxInt64 {
						break
					}
				}
			} else {
				t.active = false
			}
		}
		if t.active {
			live = append(live, t)
		}
	}
	m.timers = live
}

// describeTimer says what fires at the next deadline, for reports: "the
// 5ms timer (time.After at main.go:14)" or "the 1ms sleep of goroutine 3
// (main.go:9)", and where it was set.
func (m *Machine) describeTimer(t *timer, sleeper *goroutine) (desc, pos string) {
	if t != nil {
		what := "timer"
		if t.period > 0 {
			what = "ticker"
		}
		pos = m.prog.shortPos(t.pos)
		return fmt.Sprintf("the %v %s (%s at %s)", time.Duration(t.d), what, t.what, pos), pos
	}
	pos = m.prog.shortPos(sleeper.pending.pos)
	return fmt.Sprintf("the %v sleep of goroutine %d (%s)", time.Duration(sleeper.sleep), sleeper.id, pos), pos
}

// waitsOnTimer reports whether g, blocked, waits for something the clock
// will bring: a sleep, or a receive (alone or in a select) from the
// channel of an active timer.
func (m *Machine) waitsOnTimer(g *goroutine) bool {
	if g.state != gPending {
		return false
	}
	if g.pending.wait == WaitSleep {
		return true
	}
	for _, s := range g.pending.sudogs {
		if s.ch != nil && s.ch.timer != nil && s.ch.timer.active {
			return true
		}
	}
	if ch, ok := g.pending.obj.(*chanV); ok && ch.timer != nil && ch.timer.active {
		return true
	}
	return false
}
