package ssainterp

// Models of sync/atomic's functions (assembly in the real package). The
// typed atomics (atomic.Int64 and friends) run from SSA over these.
// Every atomic operation is a visible operation.

func init() {
	kinds := map[string]rkind{"Int32": kInt32, "Int64": kInt64, "Uint32": kUint32, "Uint64": kUint64, "Uintptr": kUintptr}
	for name, k := range kinds {
		k := k
		models["sync/atomic.Add"+name] = atomicOp(func(c *value, a []value) value {
			c.n = norm(k, c.n+a[0].n)
			return value{n: c.n}
		})
		models["sync/atomic.And"+name] = atomicOp(func(c *value, a []value) value {
			old := c.n
			c.n &= a[0].n
			return value{n: old}
		})
		models["sync/atomic.Or"+name] = atomicOp(func(c *value, a []value) value {
			old := c.n
			c.n |= a[0].n
			return value{n: old}
		})
	}
	for _, name := range []string{"Int32", "Int64", "Uint32", "Uint64", "Uintptr", "Pointer"} {
		models["sync/atomic.Load"+name] = atomicOp(func(c *value, a []value) value { return *c })
		models["sync/atomic.Store"+name] = atomicOp(func(c *value, a []value) value { *c = a[0]; return value{} })
		models["sync/atomic.Swap"+name] = atomicOp(func(c *value, a []value) value {
			old := *c
			*c = a[0]
			return old
		})
		models["sync/atomic.CompareAndSwap"+name] = atomicOp(func(c *value, a []value) value {
			if c.n == a[0].n && refEqual(c.r, a[0].r) {
				*c = a[1]
				return boolVal(true)
			}
			return boolVal(false)
		})
	}
	// atomic.Value keeps an interface in its single field.
	valueOp := func(f func(c *value, a []value) value) modelFunc {
		return atomicOp(func(c *value, a []value) value { return f(&c.r.(agg)[0], a) })
	}
	models["(*sync/atomic.Value).Load"] = valueOp(func(c *value, a []value) value { return *c })
	models["(*sync/atomic.Value).Store"] = valueOp(func(c *value, a []value) value {
		checkValueStore(c, a[0])
		*c = a[0]
		return value{}
	})
	models["(*sync/atomic.Value).Swap"] = valueOp(func(c *value, a []value) value {
		checkValueStore(c, a[0])
		old := *c
		*c = a[0]
		return old
	})
	models["(*sync/atomic.Value).CompareAndSwap"] = valueOp(func(c *value, a []value) value {
		checkValueStore(c, a[1])
		if ifaceEqual(*c, a[0]) {
			*c = a[1]
			return boolVal(true)
		}
		return boolVal(false)
	})
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

// atomicOp makes the model of an atomic operation on the cell its first
// argument points to.
func atomicOp(f func(c *value, args []value) value) modelFunc {
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		c := cellOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: c, what: "sync/atomic"}) {
			return stop(fr)
		}
		set(fr, dst, f(c, args[1:]))
		return fr
	}
}
