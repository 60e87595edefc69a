package ssainterp

import (
	"fmt"
	"reflect"
	"unsafe"
)

// StateHash hashes the whole state of the execution, for a search that
// prunes states it has seen (sched's dfs with state caching): every
// goroutine's scheduling state, pending operation and stack of frames
// with their registers, the globals, the pending timers and the clock,
// and the memory reachable from all of these, with the channels (buffer,
// closed, queued goroutines), maps, closures, interfaces and the state of
// the sync models. Heap objects are named by the order in which the walk
// reaches them, not by address, so two executions (on two machines) that
// reach the same state get the same hash, provided both run with
// Config.Fingerprints: every register of every frame is hashed, dead ones
// too, and without it a frame reused from an earlier call (of this
// machine or, through the program's frame pool, of an earlier one) keeps
// the values it held, so the same state could hash differently.
//
// What it leaves out: the race detector's vector clocks (two states that
// differ only in their happens-before history hash alike, so a search
// that prunes by this hash may miss a race that only one history leads
// to) and the output written so far. A value the walk does not know (a
// native object of the bridge) is hashed by its type and address: equal
// only to itself, never merging two states, but never matching across
// machines either.
//
// It is computed afresh each time, in time linear in the reachable state.
func (m *Machine) StateHash() uint64 {
	w := stateWalk{h: 14695981039346656037, ids: map[unsafe.Pointer]uint64{}}
	for _, g := range m.gs {
		w.mix(uint64(g.id))
		w.mix(uint64(g.state))
		if g.state == gDone {
			continue
		}
		if g.state == gPending {
			w.str(g.pending.what)
			w.mix(uint64(g.pending.pos))
		}
		w.mix(uint64(g.wake))
		for fr := g.top; fr != nil; fr = fr.caller {
			w.fn(fr.fn)
			w.mix(uint64(fr.pc))
			w.mix(uint64(len(fr.defers)))
			for _, r := range fr.regs {
				w.value(r)
			}
		}
	}
	w.mix(uint64(len(m.globals)))
	for _, v := range m.globals {
		w.value(v)
	}
	for _, t := range m.timers {
		if !t.active {
			continue
		}
		w.mix(uint64(t.when))
		w.mix(uint64(t.period))
		w.ref(unsafe.Pointer(t.ch), func() {})
	}
	w.mix(uint64(m.now))
	return w.h
}

// stateWalk hashes a walk of the reachable state (see StateHash).
type stateWalk struct {
	h   uint64
	ids map[unsafe.Pointer]uint64 // objects reached, by order of reaching
}

func (w *stateWalk) mix(x uint64) {
	w.h ^= x
	w.h *= 1099511628211
}

// fn hashes a function by its SSA function, shared by the machines of a
// program (the few made per machine, like the boot function, by name).
func (w *stateWalk) fn(f *function) {
	if f == nil {
		w.mix(0)
	} else if f.ssa != nil {
		w.mix(uint64(uintptr(unsafe.Pointer(f.ssa))))
	} else {
		w.str(f.name)
	}
}

func (w *stateWalk) str(s string) {
	w.mix(uint64(len(s)))
	for i := 0; i < len(s); i++ {
		w.mix(uint64(s[i]))
	}
}

// ref hashes a reference to the object at p: its number if it was
// reached before, else a new number and then its contents (walk).
func (w *stateWalk) ref(p unsafe.Pointer, walk func()) {
	if p == nil {
		w.mix(0)
		return
	}
	if id, ok := w.ids[p]; ok {
		w.mix(id)
		return
	}
	id := uint64(len(w.ids) + 1)
	w.ids[p] = id
	w.mix(id)
	walk()
}

func (w *stateWalk) values(vs []value) {
	w.mix(uint64(len(vs)))
	for _, v := range vs {
		w.value(v)
	}
}

func (w *stateWalk) value(v value) {
	w.mix(v.n)
	switch r := v.r.(type) {
	case nil:
		w.mix(1)
	case string:
		w.mix(2)
		w.str(r)
	case *value:
		w.mix(3)
		w.ref(unsafe.Pointer(r), func() { w.value(*r) })
	case agg:
		w.mix(4)
		w.values(r)
	case []value:
		w.mix(5)
		if len(r) == 0 {
			w.mix(0)
			return
		}
		w.ref(unsafe.Pointer(&r[0]), func() { w.values(r) })
	case *chanV:
		w.mix(6)
		w.ref(unsafe.Pointer(r), func() {
			w.mix(uint64(r.cap))
			w.mix(boolVal(r.closed).n)
			w.values(r.buf)
			w.mix(uint64(len(r.recvq)))
			w.mix(uint64(len(r.sendq)))
		})
	case *mapV:
		w.mix(7)
		w.ref(unsafe.Pointer(r), func() {
			w.mix(uint64(r.live))
			for _, e := range r.entries {
				if !e.dead {
					w.value(e.k)
					w.value(e.v)
				}
			}
		})
	case *closure:
		w.mix(8)
		w.ref(unsafe.Pointer(r), func() {
			w.fn(r.fn)
			w.values(r.bindings)
		})
	case *iface:
		w.mix(9)
		w.ref(unsafe.Pointer(r), func() {
			w.mix(uint64(uintptr(unsafe.Pointer(r.t))))
			w.value(r.v)
		})
	case *mutexState:
		w.mix(10)
		w.mix(boolVal(r.locked).n)
		w.mix(uint64(r.readers))
	case *wgState:
		w.mix(11)
		w.mix(uint64(r.n))
		w.mix(uint64(r.gen))
		w.mix(uint64(r.blocked))
	case *notifyState:
		w.mix(12)
		w.mix(uint64(r.wait))
		w.mix(uint64(r.notify))
	default:
		// Unknown to the walk: equal only to itself (see StateHash).
		w.str(fmt.Sprintf("%T", r))
		rv := reflect.ValueOf(r)
		if rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Map || rv.Kind() == reflect.Slice || rv.Kind() == reflect.Func || rv.Kind() == reflect.Chan {
			w.mix(uint64(rv.Pointer()))
		} else {
			w.str(fmt.Sprint(r))
		}
	}
}
