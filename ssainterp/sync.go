package ssainterp

import (
	"go/types"
)

// Models of package sync. Mutex, RWMutex, WaitGroup and Map keep their
// state in the cell of the value (kModel); Cond runs from SSA over the
// modelled notify list; Once, OnceFunc and friends run from SSA over the
// modelled Mutex and atomics; Pool keeps its items per machine (poolOf).

type mutexState struct {
	locked  bool
	readers int
	writers int      // goroutines stopped before an RWMutex.Lock of it (writerWaiting)
	vc      objClock // the race detector's clock of the mutex (syncClock)
}

// copyState copies the lock's state; the copy has a clock of its own, and
// no goroutine waits on it.
func (s *mutexState) copyState() any { c := *s; c.vc, c.writers = objClock{}, 0; return &c }

// wgState is a WaitGroup: its counter, and the goroutines blocked in
// Wait. When the counter reaches zero every blocked waiter is released at
// once (a new generation starts); a waiter that then finds the counter
// above zero panics, as Go's does ("WaitGroup is reused before previous
// Wait has returned").
type wgState struct {
	n       int64
	gen     uint32                // generations of waiters released so far
	blocked int                   // waiters of the current generation
	waiters map[*goroutine]uint32 // blocked waiters and the generation each waits to end
	vc      objClock              // the race detector's clock of the WaitGroup (syncClock)
}

// copyState copies the counter: waiters stay with the original, as they
// wait on its semaphore.
func (s *wgState) copyState() any { return &wgState{n: s.n} }

type syncMapState struct{ m *mapV }

func (s *syncMapState) copyState() any { return &syncMapState{m: s.m} }

func mutexOf(p value) *mutexState {
	c := cellOf(p)
	s, _ := c.r.(*mutexState)
	if s == nil {
		s = &mutexState{}
		c.r = s
	}
	return s
}

func wgOf(p value) *wgState {
	c := cellOf(p)
	s, _ := c.r.(*wgState)
	if s == nil {
		s = &wgState{}
		c.r = s
	}
	return s
}

// lockReady and rlockReady are the readiness of a Lock and an RLock of
// a mutex: free, and (RLock) no writer waiting.
type (
	lockReady  mutexState
	rlockReady mutexState
)

func (s *lockReady) ready(*goroutine) bool { return !s.locked && s.readers == 0 }
func (s *rlockReady) ready(g *goroutine) bool {
	return !s.locked && !g.m.writerWaiting((*mutexState)(s))
}

// writerWaiting reports whether a goroutine is blocked in RWMutex.Lock on
// s, which keeps new readers out (Go's writer preference): one is stopped
// before it (s.writers), and it cannot go ahead. (The count instead of a
// look at every goroutine: an RLock's readiness is asked for each
// goroutine stopped before one, and a hundred readers made that
// quadratic.)
func (m *Machine) writerWaiting(s *mutexState) bool {
	return s.writers > 0 && !(*lockReady)(s).ready(nil)
}

// syncModels returns the models of package sync: Mutex, RWMutex, WaitGroup,
// Map and Cond's notify list.
func syncModels() modelTable {
	tab := modelTable{}
	lock := func(wait WaitReason) modelFunc {
		writer := 0 // counted in s.writers while stopped before it
		if wait == WaitRWMutexLock {
			writer = 1
		}
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			s := mutexOf(args[0])
			stopped := fr.g.granted
			if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: wait,
				ready: (*lockReady)(s)}) {
				s.writers += writer
				return stop(fr)
			}
			if stopped {
				s.writers -= writer
			}
			s.locked = true
			return fr
		}
	}
	unlock := func(wait WaitReason, fatal string) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			s := mutexOf(args[0])
			if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: wait}) {
				return stop(fr)
			}
			if !s.locked {
				m.fatal(fatal, "")
			}
			s.locked = false
			return fr
		}
	}
	tab["(*sync.Mutex).Lock"] = lock(WaitMutexLock)
	tab["(*sync.Mutex).Unlock"] = unlock(WaitMutexUnlock, "sync: unlock of unlocked mutex")
	tab["(*sync.RWMutex).Lock"] = lock(WaitRWMutexLock)
	tab["(*sync.RWMutex).Unlock"] = unlock(WaitRWMutexUnlock, "sync: Unlock of unlocked RWMutex")
	tryLock := func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitMutexTryLock}) {
			return stop(fr)
		}
		ok := !s.locked && s.readers == 0
		if ok {
			s.locked = true
		}
		set(fr, dst, boolVal(ok))
		return fr
	}
	tab["(*sync.Mutex).TryLock"] = tryLock
	tab["(*sync.RWMutex).TryLock"] = tryLock
	tab["(*sync.RWMutex).RLock"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitRWMutexRLock,
			ready: (*rlockReady)(s)}) {
			return stop(fr)
		}
		s.readers++
		return fr
	}
	tab["(*sync.RWMutex).TryRLock"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitRWMutexTryRLock}) {
			return stop(fr)
		}
		ok := !s.locked && !m.writerWaiting(s)
		if ok {
			s.readers++
		}
		set(fr, dst, boolVal(ok))
		return fr
	}
	tab["(*sync.RWMutex).RUnlock"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitRWMutexRUnlock}) {
			return stop(fr)
		}
		if s.readers == 0 {
			m.fatal("sync: RUnlock of unlocked RWMutex", "")
		}
		s.readers--
		return fr
	}

	tab["(*sync.WaitGroup).Add"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		return m.wgAdd(fr, wgOf(args[0]), args[1].int(), WaitGroupAdd)
	}
	tab["(*sync.WaitGroup).Done"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		return m.wgAdd(fr, wgOf(args[0]), -1, WaitGroupDone)
	}
	tab["(*sync.WaitGroup).Wait"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		return m.wgWait(fr, wgOf(args[0]))
	}

	// Cond's notify list (runtime_notifyList* are linknamed into runtime).
	tab["sync.runtime_notifyListAdd"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		set(fr, dst, value{n: uint64(uint32(s.wait))})
		s.wait++
		return fr
	}
	tab["sync.runtime_notifyListWait"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		t := int(uint32(args[1].n))
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitCondWait,
			ready: readyFunc(func(*goroutine) bool { return t < s.notify })}) {
			return stop(fr)
		}
		return fr
	}
	tab["sync.runtime_notifyListNotifyOne"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitCondSignal}) {
			return stop(fr)
		}
		if s.notify < s.wait {
			s.notify++
		}
		return fr
	}
	tab["sync.runtime_notifyListNotifyAll"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitCondBroadcast}) {
			return stop(fr)
		}
		s.notify = s.wait
		return fr
	}
	tab["sync.runtime_notifyListCheck"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	tab["(*sync.copyChecker).check"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }

	// sync.Map.
	mapOp := func(f func(m *Machine, s *mapV, args []value) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			c := cellOf(args[0])
			s, _ := c.r.(*syncMapState)
			if s == nil {
				s = &syncMapState{m: newMap(m.prog.rtypeOf(types.NewMap(anyT, anyT)), m)}
				c.r = s
			}
			if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitSyncMap}) {
				return stop(fr)
			}
			set(fr, dst, f(m, s.m, args[1:]))
			return fr
		}
	}
	tab["(*sync.Map).Load"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		return value{r: agg{v, boolVal(ok)}}
	})
	tab["(*sync.Map).Store"] = mapOp(func(m *Machine, s *mapV, a []value) value { s.set(a[0], a[1]); return value{} })
	tab["(*sync.Map).LoadOrStore"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		if v, ok := s.get(a[0]); ok {
			return value{r: agg{v, boolVal(true)}}
		}
		s.set(a[0], a[1])
		return value{r: agg{a[1], boolVal(false)}}
	})
	tab["(*sync.Map).LoadAndDelete"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		s.delete(a[0])
		return value{r: agg{v, boolVal(ok)}}
	})
	tab["(*sync.Map).Delete"] = mapOp(func(m *Machine, s *mapV, a []value) value { s.delete(a[0]); return value{} })
	tab["(*sync.Map).Swap"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		s.set(a[0], a[1])
		return value{r: agg{v, boolVal(ok)}}
	})
	tab["(*sync.Map).CompareAndSwap"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			s.set(a[0], a[2])
			return boolVal(true)
		}
		return boolVal(false)
	})
	tab["(*sync.Map).CompareAndDelete"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			s.delete(a[0])
			return boolVal(true)
		}
		return boolVal(false)
	})
	tab["(*sync.Map).Clear"] = mapOp(func(m *Machine, s *mapV, a []value) value { s.clear(); return value{} })
	tab["(*sync.Map).Range"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		f := a[0].r.(*closure)
		for _, e := range s.entries {
			if e.dead {
				continue
			}
			if !m.callNested(m.cur, f, []value{e.k, e.v}).bool() {
				break
			}
		}
		return value{}
	})
	// sync.Pool: Put and Get over a per-machine list of items.
	tab["sync.runtime_registerPoolCleanup"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	tab["(*sync.Pool).Put"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		i, _ := args[1].r.(*iface)
		if i == nil {
			return fr
		}
		p := m.poolOf(args[0])
		p.items = append(p.items, args[1])
		m.poolRelease(fr.g, p, args[1])
		return fr
	}
	tab["(*sync.Pool).Get"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p := m.poolOf(args[0])
		if n := len(p.items); n > 0 {
			v := p.items[n-1]
			p.items = p.items[:n-1]
			m.poolAcquire(fr.g, p, v)
			set(fr, dst, v)
			return fr
		}
		// Pool.New is the struct's exported field New.
		newF, _ := cellOf(args[0]).r.(agg)[poolNewField(m)].r.(*closure)
		if newF == nil {
			set(fr, dst, value{})
			return fr
		}
		return m.callClosure(fr, newF, nil, dst)
	}
	return tab
}

var anyT = types.NewInterfaceType(nil, nil)

type notifyState struct{ wait, notify int }

func notifyOf(p value) *notifyState {
	c := cellOf(p)
	s, _ := c.r.(*notifyState)
	if s == nil {
		s = &notifyState{}
		// The notifyList struct's own fields are never read by
		// interpreted code: its cell holds the model state instead.
		c.r = s
	}
	return s
}

// stringPanic is the interface value of panic("msg").
func (m *Machine) stringPanic(msg string) value {
	return value{r: &iface{t: m.prog.rtypeOf(types.Typ[types.String]), v: strVal(msg)}}
}

// WaitGroup and the race detector, as in Go's sync package under -race:
// Done (a negative delta) releases the WaitGroup and Wait acquires it
// when it returns; an Add that starts the counter from zero reads the
// WaitGroup's semaphore and a Wait that blocks (its first waiter) writes
// it, so an Add from zero that is not ordered with a concurrent Wait is a
// data race (the classic bug: wg.Add inside the goroutine it counts).

// wgAdd is Add(delta) (Done is Add(-1)).
func (m *Machine) wgAdd(fr *frame, s *wgState, delta int64, wait WaitReason) *frame {
	if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: wait}) {
		return stop(fr)
	}
	g := fr.g
	if delta < 0 {
		m.syncRelease(g, s, true)
	}
	s.n += delta
	if s.n < 0 {
		throwPanic(m.stringPanic("sync: negative WaitGroup counter"))
	}
	if delta > 0 && s.n == delta && m.watch && m.cfg.Races {
		m.checkRace(fr, &s.gen, m.shadowOf(&s.gen, g.id), opWaitGroupAdd)
	}
	if s.n == 0 && s.blocked > 0 {
		s.gen++ // the waiters are released
		s.blocked = 0
	}
	return fr
}

// wgWait is Wait. The goroutine reads the counter when it reaches the
// call: if it is above zero, Wait blocks at once until the counter's
// current generation ends; otherwise Wait is a choice point that returns
// if the counter is still zero when it is taken, and blocks if not.
func (m *Machine) wgWait(fr *frame, s *wgState) *frame {
	g := fr.g
	if t, ok := s.waiters[g]; ok {
		// Woken, or still blocked, in this call.
		if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitGroupWait,
			ready: readyFunc(func(*goroutine) bool { return s.gen != t })}) {
			return stop(fr)
		}
		delete(s.waiters, g)
		if s.n != 0 {
			throwPanic(m.stringPanic("sync: WaitGroup is reused before previous Wait has returned"))
		}
		m.syncAcquire(g, s)
		return fr
	}
	if !g.granted && g.nested == 0 && s.n > 0 {
		return m.wgBlock(fr, s)
	}
	if !m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitGroupWait}) {
		return stop(fr)
	}
	if s.n == 0 {
		m.syncAcquire(g, s)
		return fr
	}
	if g.nested > 0 {
		unsupported("blocking operation (sync.WaitGroup.Wait) in a function called from native code")
	}
	return m.wgBlock(fr, s)
}

// wgBlock makes fr's goroutine a waiter of the current generation of s
// and stops it until the generation ends.
func (m *Machine) wgBlock(fr *frame, s *wgState) *frame {
	g := fr.g
	if s.blocked == 0 && m.watch && m.cfg.Races {
		m.checkRace(fr, &s.gen, m.shadowOf(&s.gen, g.id), opWaitGroupWait)
	}
	s.blocked++
	if s.waiters == nil {
		s.waiters = map[*goroutine]uint32{}
	}
	t := s.gen
	s.waiters[g] = t
	// Not granted (the goroutine has not stopped here, or its grant went
	// to the choice point before): this stops it.
	m.visible(fr, &opDesc{kind: opModel, obj: s, wait: WaitGroupWait,
		ready: readyFunc(func(*goroutine) bool { return s.gen != t })})
	return stop(fr)
}

type poolState struct{ items []value }

// poolOf returns the model state of the sync.Pool p points to, kept per
// machine by the address of the pool.
func (m *Machine) poolOf(p value) *poolState {
	c := cellOf(p)
	if m.pools == nil {
		m.pools = map[*value]*poolState{}
	}
	s := m.pools[c]
	if s == nil {
		s = &poolState{}
		m.pools[c] = s
	}
	return s
}

// poolKey is the race detector's synchronisation object for item x of
// pool p: the item itself where it is a pointer, else the pool.
func poolKey(p *poolState, x value) any {
	if i, _ := x.r.(*iface); i != nil {
		switch r := i.v.r.(type) {
		case *value, *mapV, *chanV:
			return r
		}
	}
	return p
}

// poolRelease and poolAcquire order a Put before the Get that returns
// its item, as Go's race detector does (sync.Pool releases the item's
// address in Put and acquires it in Get): fmt's printers, reused through
// a pool by several goroutines, do not race.
func (m *Machine) poolRelease(g *goroutine, p *poolState, x value) {
	if !m.watch {
		return
	}
	m.syncRelease(g, poolKey(p, x), true)
}

func (m *Machine) poolAcquire(g *goroutine, p *poolState, x value) {
	m.syncAcquire(g, poolKey(p, x))
}

// poolNewField is the index of sync.Pool's New field.
func poolNewField(m *Machine) int {
	st := m.prog.ssa.ImportedPackage("sync").Type("Pool").Type().Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if st.Field(i).Name() == "New" {
			return i
		}
	}
	panic(&internalFault{msg: "internal error: sync.Pool has no New field"})
}
