package ssainterp

import (
	_ "embed"
	"path/filepath"
	"runtime"
	"time"
)

// testing/synctest under mcheck. Package testing/synctest is interpreted
// from overlay/synctest.go.txt, whose placeholder functions (their
// bodies only panic) are modelled here:
//
//   - mcheckStart starts the bubble's first goroutine; a goroutine
//     started by a goroutine of a bubble (a go statement, an AfterFunc of
//     the bubble's) belongs to it;
//   - the bubble has a clock of its own, starting at midnight UTC
//     2000-01-01 as Go's bubbles do: the time functions, sleeps and
//     timers of its goroutines use it, and it moves only when every
//     goroutine of the bubble is blocked (wakeBubbles, after each step),
//     to the bubble's next timer or sleep, never at the scheduler's
//     choice (the machine's clock is not the bubble's);
//   - synctest.Wait is a visible operation, enabled when every other
//     goroutine of the bubble is blocked;
//   - mcheckJoin, in synctest.Test, returns when every goroutine of the
//     bubble has exited, after what they did (happens-before). A bubble
//     whose goroutines block forever blocks Test, so the execution ends
//     as a deadlock.
//
// Go calls a goroutine blocked on a mutex or in a system call not
// durably blocked; here every goroutine that cannot move counts as
// blocked.

//go:embed overlay/synctest.go.txt
var synctestOverlay []byte

// synctestEpoch is where a bubble's clock starts.
var synctestEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// bubble is a synctest bubble.
type bubble struct {
	id   int
	now  int64      // the bubble's clock: nanoseconds since synctestEpoch
	root *goroutine // the goroutine running f
	done bool       // root has exited: the clock stops, as Go's does
}

func synctestOverlayTo(overlay map[string][]byte) {
	overlay[filepath.Join(runtime.GOROOT(), "src", "testing", "synctest", "synctest.go")] = synctestOverlay
}

// bubbleState reports whether b has a goroutine that has not exited and,
// if so, whether one of them can move. skip is not asked, nor, unless
// waiters, a goroutine in synctest.Wait (a Wait asks the others).
func (m *Machine) bubbleState(b *bubble, skip *goroutine, waiters bool) (live, moving bool) {
	for _, g := range m.live {
		if g.bubble != b {
			continue
		}
		live = true
		if g == skip || !waiters && g.state == gPending && g.pending.wait == WaitSynctestWait {
			continue
		}
		if m.enabled(g) {
			return true, true
		}
	}
	return live, false
}

// bubbleNext returns the deadline of b's next timer or sleep.
func (m *Machine) bubbleNext(b *bubble) (next int64, ok bool) {
	for _, t := range m.timers {
		if t.bubble == b && t.active && (!ok || t.when < next) {
			next, ok = t.when, true
		}
	}
	for _, g := range m.live {
		if g.bubble == b && g.state == gPending && g.pending.wait == WaitSleep && (!ok || g.pending.wake < next) {
			next, ok = g.pending.wake, true
		}
	}
	return next, ok
}

// wakeBubbles moves the clock of each bubble whose goroutines are all
// blocked to its next timer or sleep, and fires what is due.
func (m *Machine) wakeBubbles() {
	for _, b := range m.bubbles {
		if b.done {
			continue
		}
		if live, moving := m.bubbleState(b, nil, true); !live || moving {
			continue
		}
		if next, ok := m.bubbleNext(b); ok { // else blocked for good: see mcheckJoin
			b.now = max(b.now, next)
			m.fireTimersOf(b)
		}
	}
}

// clockOf returns the clock g reads: its bubble's, or the machine's.
func (m *Machine) clockOf(g *goroutine) (base time.Time, now int64) {
	if g != nil && g.bubble != nil {
		return epochOf(g.bubble), g.bubble.now
	}
	return epoch, m.readClock(g)
}

// epochOf returns where the clock of bubble b (nil: the machine's)
// starts.
func epochOf(b *bubble) time.Time {
	if b != nil {
		return synctestEpoch
	}
	return epoch
}

// nowOf returns the current time of bubble b (nil: the machine's).
func (m *Machine) nowOf(b *bubble) int64 {
	if b != nil {
		return b.now
	}
	return m.now
}

func synctestModels() modelTable {
	tab := modelTable{}
	tab["testing/synctest.mcheckStart"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		cl, _ := args[0].r.(*closure)
		b := &bubble{id: len(m.bubbles) + 1}
		m.bubbles = append(m.bubbles, b)
		g := m.spawnClosure(cl, nil, 0)
		g.created = fr.fn.posAt(fr.pc - 1)
		g.parent, g.bubble, b.root = fr.g, b, g
		m.startTracking(fr.g, g)
		set(fr, dst, intVal(int64(b.id)))
		return fr
	}
	tab["testing/synctest.mcheckJoin"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		b := m.bubbles[args[0].n-1]
		// Go's Test returns when the bubble's goroutines have all exited,
		// and panics when they are all blocked for good: with no timer
		// pending, or after the root exited (its clock has stopped).
		stuck := func() bool {
			live, moving := m.bubbleState(b, nil, true)
			if !live || moving {
				return false
			}
			_, timers := m.bubbleNext(b)
			return b.done || !timers
		}
		if !m.visible(fr, &opDesc{kind: opModel, obj: b, wait: WaitSynctestTest, ready: readyFunc(func(*goroutine) bool {
			live, _ := m.bubbleState(b, nil, true)
			return !live || stuck()
		})}) {
			return stop(fr)
		}
		m.syncAcquire(fr.g, b)
		if live, _ := m.bubbleState(b, nil, true); live {
			msg := "deadlock: all goroutines in bubble are blocked"
			if b.done {
				msg = "deadlock: main bubble goroutine has exited but blocked goroutines remain"
			}
			throwPanic(m.stringPanic(msg))
		}
		return fr
	}
	tab["testing/synctest.Wait"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		g := fr.g
		b := g.bubble
		if b == nil {
			throwPanic(m.stringPanic("goroutine is not in a bubble"))
		}
		if !m.visible(fr, &opDesc{kind: opModel, obj: b, wait: WaitSynctestWait, ready: readyFunc(func(*goroutine) bool {
			_, moving := m.bubbleState(b, g, false)
			return !moving
		})}) {
			return stop(fr)
		}
		for _, o := range m.gs { // what the others did before they blocked
			if o.bubble == b && o != g && m.watch {
				g.vc = m.joinClock(g.vc, o.vc)
			}
		}
		return fr
	}
	return tab
}
