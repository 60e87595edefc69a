package ssainterp

import (
	"go/types"
)

// Models of package sync. Mutex, RWMutex, WaitGroup and Map keep their
// state in the cell of the value (kModel); Cond runs from SSA over the
// modelled notify list; Once, OnceFunc and friends run from SSA over the
// modelled Mutex and atomics.

type mutexState struct {
	locked  bool
	readers int
}

func (s *mutexState) copyState() any { c := *s; return &c }

type wgState struct{ n int64 }

func (s *wgState) copyState() any { c := *s; return &c }

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

// writerWaiting reports whether a goroutine is blocked in RWMutex.Lock on
// s, which keeps new readers out (Go's writer preference).
func (m *Machine) writerWaiting(s *mutexState) bool {
	for _, g := range m.gs {
		if g.state == gPending && g.pending.obj == any(s) && g.pending.what == "sync.RWMutex.Lock" && !g.pending.ready(g) {
			return true
		}
	}
	return false
}

func init() {
	lock := func(what string) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			s := mutexOf(args[0])
			if !m.visible(fr, opDesc{kind: opModel, obj: s, what: what,
				ready: func(*goroutine) bool { return !s.locked && s.readers == 0 }}) {
				return stop(fr)
			}
			s.locked = true
			return fr
		}
	}
	unlock := func(what, fatal string) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			s := mutexOf(args[0])
			if !m.visible(fr, opDesc{kind: opModel, obj: s, what: what}) {
				return stop(fr)
			}
			if !s.locked {
				m.fatal(fatal, "")
			}
			s.locked = false
			return fr
		}
	}
	models["(*sync.Mutex).Lock"] = lock("sync.Mutex.Lock")
	models["(*sync.Mutex).Unlock"] = unlock("sync.Mutex.Unlock", "sync: unlock of unlocked mutex")
	models["(*sync.RWMutex).Lock"] = lock("sync.RWMutex.Lock")
	models["(*sync.RWMutex).Unlock"] = unlock("sync.RWMutex.Unlock", "sync: Unlock of unlocked RWMutex")
	tryLock := func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.Mutex.TryLock"}) {
			return stop(fr)
		}
		ok := !s.locked && s.readers == 0
		if ok {
			s.locked = true
		}
		set(fr, dst, boolVal(ok))
		return fr
	}
	models["(*sync.Mutex).TryLock"] = tryLock
	models["(*sync.RWMutex).TryLock"] = tryLock
	models["(*sync.RWMutex).RLock"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.RWMutex.RLock",
			ready: func(*goroutine) bool { return !s.locked && !m.writerWaiting(s) }}) {
			return stop(fr)
		}
		s.readers++
		return fr
	}
	models["(*sync.RWMutex).TryRLock"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.RWMutex.TryRLock"}) {
			return stop(fr)
		}
		ok := !s.locked && !m.writerWaiting(s)
		if ok {
			s.readers++
		}
		set(fr, dst, boolVal(ok))
		return fr
	}
	models["(*sync.RWMutex).RUnlock"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := mutexOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.RWMutex.RUnlock"}) {
			return stop(fr)
		}
		if s.readers == 0 {
			m.fatal("sync: RUnlock of unlocked RWMutex", "")
		}
		s.readers--
		return fr
	}

	wgAdd := func(m *Machine, fr *frame, s *wgState, delta int64, what string) *frame {
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: what}) {
			return stop(fr)
		}
		s.n += delta
		if s.n < 0 {
			throwPanic(m.stringPanic("sync: negative WaitGroup counter"))
		}
		return fr
	}
	models["(*sync.WaitGroup).Add"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		return wgAdd(m, fr, wgOf(args[0]), args[1].int(), "sync.WaitGroup.Add")
	}
	models["(*sync.WaitGroup).Done"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		return wgAdd(m, fr, wgOf(args[0]), -1, "sync.WaitGroup.Done")
	}
	models["(*sync.WaitGroup).Wait"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := wgOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.WaitGroup.Wait",
			ready: func(*goroutine) bool { return s.n == 0 }}) {
			return stop(fr)
		}
		return fr
	}

	// Cond's notify list (runtime_notifyList* are linknamed into runtime).
	models["sync.runtime_notifyListAdd"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		set(fr, dst, value{n: uint64(uint32(s.wait))})
		s.wait++
		return fr
	}
	models["sync.runtime_notifyListWait"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		t := int(uint32(args[1].n))
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.Cond.Wait",
			ready: func(*goroutine) bool { return t < s.notify }}) {
			return stop(fr)
		}
		return fr
	}
	models["sync.runtime_notifyListNotifyOne"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.Cond.Signal"}) {
			return stop(fr)
		}
		if s.notify < s.wait {
			s.notify++
		}
		return fr
	}
	models["sync.runtime_notifyListNotifyAll"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := notifyOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.Cond.Broadcast"}) {
			return stop(fr)
		}
		s.notify = s.wait
		return fr
	}
	models["sync.runtime_notifyListCheck"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	models["(*sync.copyChecker).check"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }

	// sync.Map.
	mapOp := func(f func(m *Machine, s *mapV, args []value) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			c := cellOf(args[0])
			s, _ := c.r.(*syncMapState)
			if s == nil {
				s = &syncMapState{m: newMap(m.prog.rtypeOf(types.NewMap(anyT, anyT)), m)}
				c.r = s
			}
			if !m.visible(fr, opDesc{kind: opModel, obj: s, what: "sync.Map"}) {
				return stop(fr)
			}
			set(fr, dst, f(m, s.m, args[1:]))
			return fr
		}
	}
	models["(*sync.Map).Load"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		return value{r: agg{v, boolVal(ok)}}
	})
	models["(*sync.Map).Store"] = mapOp(func(m *Machine, s *mapV, a []value) value { s.set(a[0], a[1]); return value{} })
	models["(*sync.Map).LoadOrStore"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		if v, ok := s.get(a[0]); ok {
			return value{r: agg{v, boolVal(true)}}
		}
		s.set(a[0], a[1])
		return value{r: agg{a[1], boolVal(false)}}
	})
	models["(*sync.Map).LoadAndDelete"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		s.delete(a[0])
		return value{r: agg{v, boolVal(ok)}}
	})
	models["(*sync.Map).Delete"] = mapOp(func(m *Machine, s *mapV, a []value) value { s.delete(a[0]); return value{} })
	models["(*sync.Map).Swap"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		s.set(a[0], a[1])
		return value{r: agg{v, boolVal(ok)}}
	})
	models["(*sync.Map).CompareAndSwap"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			s.set(a[0], a[2])
			return boolVal(true)
		}
		return boolVal(false)
	})
	models["(*sync.Map).CompareAndDelete"] = mapOp(func(m *Machine, s *mapV, a []value) value {
		v, ok := s.get(a[0])
		if ok && ifaceEqual(v, a[1]) {
			s.delete(a[0])
			return boolVal(true)
		}
		return boolVal(false)
	})
	models["(*sync.Map).Clear"] = mapOp(func(m *Machine, s *mapV, a []value) value { s.clear(); return value{} })
	models["(*sync.Map).Range"] = mapOp(func(m *Machine, s *mapV, a []value) value {
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
