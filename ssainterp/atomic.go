package ssainterp

// Models of sync/atomic's functions (assembly in the real package). The
// typed atomics (atomic.Int64 and friends) run from SSA over these.
// Every atomic operation is a visible operation. For the race detector
// (atomicAccess) a load acquires, a store releases and the
// read-modify-write operations (Add, And, Or, Swap, a successful
// CompareAndSwap) do both; an atomic operation races with a plain access
// to the same word that it is not ordered with, never with another
// atomic operation.

// atomicModels returns the models of package sync/atomic's functions and of
// atomic.Value's methods.
func atomicModels() modelTable {
	tab := modelTable{}
	kinds := map[string]rkind{"Int32": kInt32, "Int64": kInt64, "Uint32": kUint32, "Uint64": kUint64, "Uintptr": kUintptr}
	for name, k := range kinds {
		k := k
		tab["sync/atomic.Add"+name] = atomicOp(atomicRMW, func(c *value, a []value) value {
			c.n = norm(k, c.n+a[0].n)
			return value{n: c.n}
		})
		tab["sync/atomic.And"+name] = atomicOp(atomicRMW, func(c *value, a []value) value {
			old := c.n
			c.n &= a[0].n
			return value{n: old}
		})
		tab["sync/atomic.Or"+name] = atomicOp(atomicRMW, func(c *value, a []value) value {
			old := c.n
			c.n |= a[0].n
			return value{n: old}
		})
	}
	for _, name := range []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer"} {
		tab["sync/atomic.Load"+name] = atomicOp(atomicLoad, func(c *value, a []value) value { return *c })
		tab["sync/atomic.Store"+name] = atomicOp(atomicStore, func(c *value, a []value) value { *c = a[0]; return value{} })
		tab["sync/atomic.Swap"+name] = atomicOp(atomicRMW, func(c *value, a []value) value {
			old := *c
			*c = a[0]
			return old
		})
		tab["sync/atomic.CompareAndSwap"+name] = atomicOp(atomicCAS, func(c *value, a []value) value {
			if c.n == a[0].n && refEqual(c.r, a[0].r) {
				*c = a[1]
				return boolVal(true)
			}
			return boolVal(false)
		})
	}
	// atomic.Value keeps an interface in its single field.
	valueOp := func(kind atomicKind, f func(c *value, a []value) value) modelFunc {
		return atomicWordOp(kind, func(c *value) *value { return &c.r.(agg)[0] }, f)
	}
	tab["(*sync/atomic.Value).Load"] = valueOp(atomicLoad, func(c *value, a []value) value { return *c })
	tab["(*sync/atomic.Value).Store"] = valueOp(atomicStore, func(c *value, a []value) value {
		checkValueStore(c, a[0])
		*c = a[0]
		return value{}
	})
	tab["(*sync/atomic.Value).Swap"] = valueOp(atomicRMW, func(c *value, a []value) value {
		checkValueStore(c, a[0])
		old := *c
		*c = a[0]
		return old
	})
	tab["(*sync/atomic.Value).CompareAndSwap"] = valueOp(atomicCAS, func(c *value, a []value) value {
		checkValueStore(c, a[1])
		if ifaceEqual(*c, a[0]) {
			*c = a[1]
			return boolVal(true)
		}
		return boolVal(false)
	})
	return tab
}

func checkValueStore(c *value, v value) {
	i, _ := v.r.(*iface)
	if i == nil {
		throwPanic(plainErr("sync/atomic: store of nil value into Value"))
	}
	if old, _ := c.r.(*iface); old != nil && old.t != i.t {
		throwPanic(plainErr("sync/atomic: store of inconsistently typed value into Value"))
	}
}

// atomicOp makes the model of an atomic operation of the given kind on
// the word its first argument points to.
func atomicOp(kind atomicKind, f func(c *value, args []value) value) modelFunc {
	return atomicWordOp(kind, nil, f)
}

// atomicWordOp makes the model of an atomic operation on the cell its
// first argument points to; the word it accesses is word(cell) (the cell
// itself if word is nil), which f gets. A CompareAndSwap (atomicCAS) counts as a
// read-modify-write when it swaps and as a load when it does not.
func atomicWordOp(kind atomicKind, word func(*value) *value, f func(c *value, args []value) value) modelFunc {
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		c := cellOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: c, wait: WaitAtomic}) {
			return stop(fr)
		}
		w := c
		if word != nil {
			w = word(c)
		}
		res := f(w, args[1:])
		k := kind
		if k == atomicCAS {
			k = atomicLoad
			if res.bool() {
				k = atomicRMW
			}
		}
		m.atomicAccess(fr, w, k)
		set(fr, dst, res)
		return fr
	}
}
