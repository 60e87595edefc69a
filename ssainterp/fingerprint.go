package ssainterp

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"unsafe"
)

// StateHash hashes the whole state of the execution, for a search that
// prunes states it has seen (sched's dfs with state caching): every
// goroutine's scheduling state, pending operation (with its object and a
// sleep's deadline), panics in flight and stack of frames with their
// registers and deferred calls, the globals, the pending timers (with
// their functions), the clock and its read counters, the items of
// sync.Pools and the state of io.Pipes, and the memory reachable from
// all of these, with the channels (buffer, closed, and the goroutines
// queued on them, in order), maps, closures, interfaces and the state of
// the sync models. (sched adds the scheduler's own state.)
//
// Memory is named by the order in which the walk reaches it, not by
// address, so two executions (on two machines) that reach the same state
// get the same hash, provided both run with Config.Fingerprints: every
// register of every frame is hashed, dead ones too, and without it a
// frame reused from an earlier call (of this machine or, through the
// program's frame pool, of an earlier one) keeps the values it held, so
// the same state could hash differently. The name is given to each word
// (each value slot: a variable, a field, an element), not to each
// object, and a slice is hashed with its capacity and all the elements
// up to it: a pointer to a field and one to a lone variable holding the
// same value, or two slices alike up to their length but not in their
// capacity or in the array they share, behave differently later, and
// hash differently. sched's TestStateCachingSound and
// TestStateHashFutures check that states with one hash have the same
// futures; the walk missed aliasing, capacities, deferred calls and
// timers' functions until 2026-11-27 (sched/testdata/statesound).
//
// What it leaves out: the race detector's vector clocks (two states that
// differ only in their happens-before history hash alike, so a search
// that prunes by this hash may miss a race that only one history leads
// to), the output written so far and the random streams (map order,
// math/rand), which each execution seeds afresh (sched's executionSeed):
// what they draw after a state is not a function of it. Native memory
// (values of the bridge) is hashed by contents, except what it points
// to: a reference into native memory is hashed by address, equal only to
// itself, never merging two states, but never matching across machines
// either (a *testing.T, which each machine makes, is hashed by its
// test's state).
//
// It is computed afresh each time, in time linear in the reachable state,
// not incrementally. An incremental hash (a sum of per-object hashes,
// updated at each write, as in Nguyen and Ruys, "Incremental Hashing for
// SPIN", SPIN 2008, over a heap named as in Musuvathi and Dill, "An
// Incremental Heap Canonicalization Algorithm", SPIN 2005) needs words
// named without a walk and a write barrier at every store, copy, append,
// map, channel, timer and model update; a missed barrier would prune
// states that differ, as each omission above did.
func (m *Machine) StateHash() uint64 {
	w := &stateWalk{m: m, h: 14695981039346656037, ids: make(map[unsafe.Pointer]uint64, m.fpWords)}
	defer func() { m.fpWords = len(w.ids) }()
	for _, g := range m.gs {
		w.mix(uint64(g.id))
		w.mix(uint64(g.state))
		if g.state == gDone {
			continue
		}
		if d := &g.pending; g.state == gPending {
			w.str(d.what)
			w.mix(uint64(d.pos))
			w.mix(uint64(d.kind))
			w.mix(uint64(d.wake)) // a sleep's deadline, set when it began
			w.mix(boolVal(d.write).n)
			w.object(d.obj)
			w.object(d.addr)
		}
		w.mix(uint64(g.wake))
		w.mix(uint64(g.clockReads))
		w.panics(g.panic)
		for fr := g.top; fr != nil; fr = fr.caller {
			w.fn(fr.fn)
			w.mix(uint64(fr.pc))
			w.mix(boolVal(fr.unwinding).n)
			w.mix(boolVal(fr.boundary).n)
			w.panics(fr.deferCall)
			w.mix(uint64(len(fr.defers)))
			for _, d := range fr.defers {
				w.value(d.fn)
				w.values(d.args)
			}
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
		w.value(value{r: t.ch})
		w.value(value{r: t.fn})
	}
	w.mix(uint64(m.now))
	w.mix(uint64(m.clockReads))
	w.side()
	return w.h
}

// side hashes the model state kept beside memory, by the cell it belongs
// to (sync.Pool's items, io.Pipe's halves), for the cells the walk
// reached, in the order it reached them (items may reach more).
func (w *stateWalk) side() {
	type entry struct {
		id   uint64
		pool *poolState
		pipe *pipeState
	}
	done := map[uint64]bool{}
	for {
		var es []entry
		for c, s := range w.m.pools {
			if id, ok := w.ids[unsafe.Pointer(c)]; ok && !done[id] {
				es = append(es, entry{id: id, pool: s})
			}
		}
		for c, p := range w.m.pipes {
			if id, ok := w.ids[unsafe.Pointer(c)]; ok && !done[id] {
				es = append(es, entry{id: id, pipe: p})
			}
		}
		if len(es) == 0 {
			return
		}
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.id, b.id) })
		for _, e := range es {
			done[e.id] = true
			w.mix(e.id)
			if e.pool != nil {
				w.values(e.pool.items)
				continue
			}
			p := e.pipe
			w.ref(unsafe.Pointer(p), func() {
				for _, b := range []bool{p.offered, p.rclosed, p.wclosed} {
					w.mix(boolVal(b).n)
				}
				w.values(p.data)
				w.mix(uint64(p.taken))
				if p.writer != nil {
					w.mix(uint64(p.writer.id))
				}
				w.value(p.rerr)
				w.value(p.werr)
				for _, g := range w.m.gs {
					if op, ok := p.writeOps[g]; ok {
						w.mix(uint64(g.id))
						w.mix(boolVal(op.offered).n)
					}
				}
			})
		}
	}
}

// stateWalk hashes a walk of the reachable state (see StateHash).
type stateWalk struct {
	m   *Machine
	h   uint64
	ids map[unsafe.Pointer]uint64 // words and objects reached, by order of reaching
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

// ref hashes a reference to the object (or word) at p: its number if it
// was reached before, else a new number and then its contents (walk).
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

// word hashes a reference to the value slot c.
func (w *stateWalk) word(c *value) {
	w.ref(unsafe.Pointer(c), func() { w.value(*c) })
}

// array hashes the array behind a slice (or the fields of a struct or
// elements of an array): its length and capacity, and each of its words
// up to the capacity, by name, so that slices sharing it and pointers
// into it are seen to.
func (w *stateWalk) array(vs []value) {
	w.mix(uint64(len(vs)))
	w.mix(uint64(cap(vs)))
	vs = vs[:cap(vs)]
	for i := range vs {
		w.word(&vs[i])
	}
}

// panics hashes a chain of panics in flight (or the one a deferred call
// may recover), by name: a frame's deferCall is one of its goroutine's.
func (w *stateWalk) panics(p *panicRec) {
	for ; p != nil; p = p.link {
		if id, ok := w.ids[unsafe.Pointer(p)]; ok {
			w.mix(id) // the rest of the chain was hashed with it
			return
		}
		w.ref(unsafe.Pointer(p), func() {
			w.value(p.val)
			for _, b := range []bool{p.recovered, p.goexit, p.repanic} {
				w.mix(boolVal(b).n)
			}
		})
	}
	w.mix(0)
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
		w.word(r)
	case agg:
		w.mix(4)
		w.array(r)
	case []value:
		w.mix(5)
		w.array(r)
	case *chanV:
		w.mix(6)
		w.ref(unsafe.Pointer(r), func() {
			w.mix(uint64(r.cap))
			w.mix(boolVal(r.closed).n)
			w.values(r.buf)
			w.queue(r.recvq)
			w.queue(r.sendq)
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
		w.ref(unsafe.Pointer(r), func() {
			w.mix(boolVal(r.locked).n)
			w.mix(uint64(r.readers))
		})
	case *wgState:
		w.mix(11)
		w.ref(unsafe.Pointer(r), func() {
			w.mix(uint64(r.n))
			w.mix(uint64(r.gen))
			w.mix(uint64(r.blocked))
			// The generation each waiter waits to end, by goroutine.
			for _, g := range w.m.gs {
				if gen, ok := r.waiters[g]; ok {
					w.mix(uint64(g.id))
					w.mix(uint64(gen))
				}
			}
		})
	case *notifyState:
		w.mix(12)
		w.ref(unsafe.Pointer(r), func() {
			w.mix(uint64(r.wait))
			w.mix(uint64(r.notify))
		})
	case reflect.Value:
		w.mix(13)
		w.native(r)
	case *pcInfo: // a runtime.Func (linkname.go)
		w.mix(15)
		w.ref(unsafe.Pointer(r), func() {
			w.fn(r.fn)
			w.str(r.name)
			w.str(r.file)
			w.mix(uint64(r.line))
		})
	case *syncMapState:
		w.mix(14)
		w.ref(unsafe.Pointer(r), func() { w.value(value{r: r.m}) })
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

// object hashes the object a pending operation works on: memory by
// name, a model's state (a mutex, a channel) as the walk does.
func (w *stateWalk) object(x any) {
	switch x := x.(type) {
	case *value:
		w.word(x)
	case *chanV, *mapV, *mutexState, *wgState, *notifyState, *syncMapState:
		w.value(value{r: x})
	default:
		w.mix(0)
	}
}

// queue hashes a channel's queue of goroutines stopped before an
// operation on it, in order: a partner takes the first (partner).
func (w *stateWalk) queue(q []*sudog) {
	w.mix(uint64(len(q)))
	for _, s := range q {
		w.mix(uint64(s.g.id))
		w.mix(boolVal(s.send).n)
		w.mix(uint64(s.caseIdx))
		w.value(s.val)
	}
}

// native hashes a value of native memory (a struct of the bridge, such
// as a time.Time, or a pointer to native memory) by its contents: scalars
// by value, structs, arrays and interfaces by their parts, and references
// by address (equal only to themselves: the walk does not follow them),
// except a *testing.T, which is hashed by its test's state (a machine
// makes its own).
func (w *stateWalk) native(rv reflect.Value) {
	if !rv.IsValid() {
		w.mix(0)
		return
	}
	w.mix(uint64(reflect.ValueOf(rv.Type()).Pointer()))
	switch rv.Kind() {
	case reflect.Bool:
		w.mix(boolVal(rv.Bool()).n)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.mix(uint64(rv.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.mix(rv.Uint())
	case reflect.Float32, reflect.Float64:
		w.mix(math.Float64bits(rv.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := rv.Complex()
		w.mix(math.Float64bits(real(c)))
		w.mix(math.Float64bits(imag(c)))
	case reflect.String:
		w.str(rv.String())
	case reflect.Struct:
		for i := range rv.NumField() {
			w.native(rv.Field(i))
		}
	case reflect.Array:
		for i := range rv.Len() {
			w.native(rv.Index(i))
		}
	case reflect.Interface:
		w.native(rv.Elem())
	case reflect.Slice:
		w.mix(uint64(rv.Pointer()))
		w.mix(uint64(rv.Len()))
		w.mix(uint64(rv.Cap()))
	default: // pointer, map, chan, func, unsafe.Pointer
		p := rv.UnsafePointer()
		if ts := w.m.tests[uintptr(p)]; ts != nil {
			w.ref(p, func() { w.test(ts) })
			return
		}
		w.mix(uint64(uintptr(p)))
	}
}

// test hashes the state of a test (its *testing.T).
func (w *stateWalk) test(ts *testState) {
	w.str(ts.name)
	for _, b := range []bool{ts.failed, ts.skipped, ts.done, ts.parallel, ts.denyParallel, ts.pausing, ts.bodyDone, ts.cleanupStarted} {
		w.mix(boolVal(b).n)
	}
	w.mix(uint64(len(ts.cleanups)))
	for _, c := range ts.cleanups {
		w.ref(unsafe.Pointer(c.cl), func() {
			w.fn(c.cl.fn)
			w.values(c.cl.bindings)
		})
	}
	w.mix(uint64(len(ts.parallelSubs)))
	w.value(ts.ctx)
	w.value(ts.cancel)
	w.mix(uint64(ts.tempSeq))
}
