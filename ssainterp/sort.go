package ssainterp

import "sort"

// Models of package sort's functions that sort interpreted data in place
// through an interpreted less function, which the bridge cannot express.

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

// sortModels returns the models of sort.Slice, sort.SliceStable and
// sort.SliceIsSorted: the native algorithms over a sortAdapter, so the
// sequence of less calls and swaps is exactly the native one.
func sortModels() modelTable {
	tab := modelTable{}
	sliceSort := func(f func(*sortAdapter) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(m.sliceAdapter(args[0], args[1])))
			return fr
		}
	}
	tab["sort.Slice"] = sliceSort(func(a *sortAdapter) value { sort.Sort(a); return value{} })
	tab["sort.SliceStable"] = sliceSort(func(a *sortAdapter) value { sort.Stable(a); return value{} })
	tab["sort.SliceIsSorted"] = sliceSort(func(a *sortAdapter) value { return boolVal(sort.IsSorted(a)) })
	return tab
}
