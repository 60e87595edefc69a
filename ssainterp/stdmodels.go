package ssainterp

import (
	"go/types"
	"os"
	"reflect"
	"sort"
	"strings"
)

// Models of standard functions that call back into interpreted code in a
// way the bridge cannot express (sorting interpreted data in place), or
// that reach the real runtime through linkname (sync.Pool, maps.clone).

// sortAdapter presents interpreted data to the native sort algorithms, so
// the sequence of Less and Swap calls is exactly the native one.
type sortAdapter struct {
	n    int
	less func(i, j int) bool
	swap func(i, j int)
}

func (a *sortAdapter) Len() int           { return a.n }
func (a *sortAdapter) Less(i, j int) bool { return a.less(i, j) }
func (a *sortAdapter) Swap(i, j int)      { a.swap(i, j) }

// sliceAdapter sorts the slice in interface x with interpreted less.
func (m *Machine) sliceAdapter(x, less value) *sortAdapter {
	i, _ := x.r.(*iface)
	if i == nil || i.t.kind != kSlice {
		throwPanic(m.stringPanic("reflect: call of Swapper on " + ifaceKind(i) + " Value"))
	}
	s := i.v.slice()
	cl := less.r.(*closure)
	return &sortAdapter{
		n: len(s),
		less: func(a, b int) bool {
			return m.callNested(m.cur, cl, []value{intVal(int64(a)), intVal(int64(b))}).bool()
		},
		swap: func(a, b int) { s[a], s[b] = s[b], s[a] },
	}
}

func ifaceKind(i *iface) string {
	if i == nil {
		return "zero"
	}
	return i.t.name
}

func init() {
	sliceSort := func(f func(*sortAdapter) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(m.sliceAdapter(args[0], args[1])))
			return fr
		}
	}
	models["sort.Slice"] = sliceSort(func(a *sortAdapter) value { sort.Sort(a); return value{} })
	models["sort.SliceStable"] = sliceSort(func(a *sortAdapter) value { sort.Stable(a); return value{} })
	models["sort.SliceIsSorted"] = sliceSort(func(a *sortAdapter) value { return boolVal(sort.IsSorted(a)) })
	// Native functions that block would hang the host: refuse them.
	for _, name := range []string{"os.Pipe", "net.Dial", "net.Listen", "os/exec.Command", "os/signal.Notify"} {
		name := name
		models[name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			unsupported("%s can block natively; mcheck does not model it yet", name)
			return nil
		}
	}
	noop := func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	// errors' package initialisation asks reflectlite for error's type
	// (used only by errors.As, which is modelled): answer with the reflect
	// model's, or natively when the program does not load reflect.
	models["internal/reflectlite.TypeOf"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		i, _ := args[0].r.(*iface)
		switch {
		case i == nil:
			set(fr, dst, value{})
		case m.prog.reflectLoaded() != nil:
			set(fr, dst, m.typeVal(i.t))
		default:
			t := m.toNative(m.prog.anyRtype(), args[0], anyType).Elem().Type()
			set(fr, dst, value{r: &iface{t: m.prog.nativeRtype(reflect.TypeOf(t)), v: value{r: reflect.ValueOf(t)}}})
		}
		return fr
	}
	// internal/godebug settings (html/template has two): a *Setting is a
	// cell holding the name; its value comes from $GODEBUG, as the
	// runtime's would, and is "" (the default behaviour) when unset.
	models["internal/godebug.New"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, value{r: &value{r: args[0].str()}})
		return fr
	}
	models["(*internal/godebug.Setting).Value"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		name := strings.TrimPrefix(cellOf(args[0]).str(), "#")
		v := ""
		for _, kv := range strings.Split(os.Getenv("GODEBUG"), ",") {
			if k, val, ok := strings.Cut(kv, "="); ok && k == name {
				v = val
			}
		}
		set(fr, dst, strVal(v))
		return fr
	}
	models["(*internal/godebug.Setting).Name"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, strVal(strings.TrimPrefix(cellOf(args[0]).str(), "#")))
		return fr
	}
	models["(*internal/godebug.Setting).IncNonDefault"] = noop
	models["sync.runtime_registerPoolCleanup"] = noop
	models["(*sync.Pool).Put"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		i, _ := args[1].r.(*iface)
		if i == nil {
			return fr
		}
		p := m.poolOf(args[0])
		p.items = append(p.items, args[1])
		m.poolRelease(fr.g, p, args[1])
		return fr
	}
	models["(*sync.Pool).Get"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
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
	models["maps.clone"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		i, _ := args[0].r.(*iface)
		src, _ := i.v.r.(*mapV)
		c := newMap(m.prog.rtypeOf(i.t.t), m)
		for _, e := range src.entries {
			if !e.dead {
				c.set(e.k, copyVal(e.v))
			}
		}
		set(fr, dst, value{r: &iface{t: i.t, v: value{r: c}}})
		return fr
	}
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
	k := poolKey(p, x)
	m.syncClocks[k] = m.syncClocks[k].join(g.vc)
	g.vc = g.vc.tick(g.id)
}

func (m *Machine) poolAcquire(g *goroutine, p *poolState, x value) {
	if !m.watch {
		return
	}
	g.vc = g.vc.join(m.syncClocks[poolKey(p, x)])
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
