package sched

import "github.com/mcheck-dev/mcheck/ssainterp"

// stepTracker fills in the viewer fields of a trace's steps (Step.Clock,
// Obj and BlockedSince) while runOne records the trace.
type stepTracker struct {
	objs  map[any]int      // what operations touched → its number in Step.Objs
	since map[int]Blocking // goroutine → since when and at what it is blocked
	on    []bool           // scratch: the enabled goroutines, by id
}

func newStepTracker() *stepTracker {
	return &stepTracker{objs: map[any]int{}, since: map[int]Blocking{}}
}

// blocked notes the goroutines stopped at an operation they cannot perform
// (not in en) before step next; a goroutine already noted keeps its first
// step.
func (tk *stepTracker) blocked(m *ssainterp.Machine, en []int, next int) {
	n := m.NumGoroutines()
	tk.on = append(tk.on[:0], make([]bool, n+1)...)
	for _, id := range en {
		if id > 0 && id <= n {
			tk.on[id] = true
		}
	}
	for id := 1; id <= n; id++ {
		if tk.on[id] {
			continue
		}
		if _, ok := tk.since[id]; ok {
			continue
		}
		if m.Wait(id) != ssainterp.WaitNone && !m.CanMove(id) { // WaitNone: done, or not stopped at an operation
			op, pos := m.Next(id)
			tk.since[id] = Blocking{Since: next, Op: op, Pos: pos, Objs: tk.number(m.PendingAccess(id).Objects)}
		}
	}
}

// step is the step of goroutine g performing its pending operation.
func (tk *stepTracker) step(m *ssainterp.Machine, g int) Step {
	op, pos := m.Next(g)
	s := Step{G: g, Op: op, Pos: pos, Clock: m.Now(), Objs: tk.number(m.PendingAccess(g).Objects)}
	if b, ok := tk.since[g]; ok {
		s.Blocked = b
		delete(tk.since, g)
	}
	return s
}

// number returns the numbers of objs (see Step.Objs).
func (tk *stepTracker) number(objs []any) Objects {
	ids := Objects{N: len(objs)}
	for i, o := range objs[:min(len(objs), len(ids.IDs))] {
		id, ok := tk.objs[o]
		if !ok {
			id = len(tk.objs) + 1
			tk.objs[o] = id
		}
		ids.IDs[i] = id
	}
	return ids
}
