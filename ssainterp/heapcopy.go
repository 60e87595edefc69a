package ssainterp

import (
	"embed"
	"errors"
	"fmt"
	"go/types"
	"net/netip"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"
	"unicode"
	"unsafe"
)

// The copy of an initialisation's memory (initsnap.go): discover walks
// the memory reachable from the package variables into a plan of runs
// and parts, and copyPart copies one part into an execution.

// heapPlan is the memory reachable from a machine's package variables,
// as runs of values (a cell is a run of one), cut into parts that share
// nothing: an execution copies a part when a function that names one of
// its variables first runs (materialize), so that it pays for the
// memory it may reach, not for every table of every package.
type heapPlan struct {
	globals    []value           // the package variables
	gbase      uintptr           // their address
	arrays     []heapArray       // the runs of memory the variables reach, by address
	comps      []heapComp        // the parts
	globalComp []int32           // by variable: its part, or -1: its value holds no reference
	set        []int32           // the variables that are not zero
	files      [2]unsafe.Pointer // the source machine's own os.Stdout and os.Stderr (*os.File), or nil
	longest    bool              // the program may call a Regexp's Longest (regexp.go)
}

// heapArray is one run of values in memory: an allocation, or the part
// of one that pointers and slices reach.
type heapArray struct {
	base uintptr
	vals []value
	fd   int   // > 0: the machine's own os.Stdout (1) or os.Stderr (2) variable
	comp int32 // its part
	pos  int32 // its index in the part's arrays
}

// heapComp is one part of the memory: the variables and runs that
// reach each other.
type heapComp struct {
	globals []int32
	arrays  []int32
	hints   []cellHint // the types of its cells (unsafeState.typeHint)
}

type cellHint struct {
	p uintptr
	t types.Type
}

// ownFile stands in the snapshot for the machine's own *os.File of
// standard output (1) or error (2).
type ownFile int

// pendingGlobal is the value of a package variable whose part of the
// snapshot the execution has not copied yet; its value's n is the part.
type pendingGlobal struct{}

const cellBytes = unsafe.Sizeof(value{}) // a value in memory (alloc.go's valueSize is what is charged)

// snapSource is the memory a snapshot copies: package variables, and
// what the machine keeps of them beside memory.
type snapSource struct {
	globals []value
	cells   [2]*value             // the machine's own os.Stdout and os.Stderr variables, or nil
	files   [2]unsafe.Pointer     // their native values (*os.File), or nil
	hints   map[*value]types.Type // the types of cells (unsafeState.typeHint)
}

// discover walks the memory reachable from the package variables of src
// and returns its plan, or an error naming what a snapshot cannot copy.
func discover(p *Program, src snapSource) (*heapPlan, error) {
	globals, cells := src.globals, src.cells
	hp := &heapPlan{longest: p.regexpLongest, globals: globals, files: src.files, globalComp: make([]int32, len(globals))}
	if len(globals) > 0 {
		hp.gbase = uintptr(unsafe.Pointer(&globals[0]))
	}
	d := &discovery{hp: hp, owner: map[any]int32{}, parent: make([]int32, len(globals))}
	for j := range d.parent {
		d.parent[j] = int32(j)
	}
	for j, v := range globals {
		if !holdsRef(v) {
			continue
		}
		d.root = int32(j)
		d.work = append(d.work, v)
		for len(d.work) > 0 {
			v := d.work[len(d.work)-1]
			d.work = d.work[:len(d.work)-1]
			if err := d.val(v); err != nil {
				return nil, err
			}
		}
	}
	// Merge the runs that overlap: they are parts of one allocation.
	slices.SortFunc(d.runs, func(a, b heapArray) int {
		if a.base != b.base {
			return cmpUintptr(a.base, b.base)
		}
		return len(b.vals) - len(a.vals)
	})
	for _, r := range d.runs {
		if n := len(hp.arrays); n > 0 {
			last := &hp.arrays[n-1]
			end := last.base + uintptr(len(last.vals))*cellBytes
			if r.base < end {
				if rend := r.base + uintptr(len(r.vals))*cellBytes; rend > end {
					last.vals = unsafe.Slice(&last.vals[0], (rend-last.base)/cellBytes)
				}
				d.union(last.comp, r.comp)
				continue
			}
		}
		hp.arrays = append(hp.arrays, r)
	}
	// Number the parts.
	ids := map[int32]int32{}
	part := func(root int32) int32 {
		root = d.find(root)
		k, ok := ids[root]
		if !ok {
			k = int32(len(hp.comps))
			ids[root] = k
			hp.comps = append(hp.comps, heapComp{})
		}
		return k
	}
	for j, v := range globals {
		hp.globalComp[j] = -1
		if v != (value{}) {
			hp.set = append(hp.set, int32(j))
		}
		if holdsRef(v) {
			k := part(int32(j))
			hp.globalComp[j] = k
			hp.comps[k].globals = append(hp.comps[k].globals, int32(j))
		}
	}
	for i := range hp.arrays {
		a := &hp.arrays[i]
		for fd, c := range cells {
			if c != nil && a.base == uintptr(unsafe.Pointer(c)) {
				a.fd = fd + 1
			}
		}
		a.comp = part(a.comp)
		c := &hp.comps[a.comp]
		a.pos = int32(len(c.arrays))
		c.arrays = append(c.arrays, int32(i))
	}
	for c, t := range src.hints {
		if i, ok := hp.arrayAt(uintptr(unsafe.Pointer(c))); ok {
			part := &hp.comps[hp.arrays[i].comp]
			part.hints = append(part.hints, cellHint{uintptr(unsafe.Pointer(c)), t})
		} // else unreachable
	}
	return hp, nil
}

// holdsRef reports whether v refers to memory or to an object (a copy
// of v would not be v): not a scalar, a string, a complex number, a
// type or a program counter's facts.
func holdsRef(v value) bool {
	switch v.r.(type) {
	case nil, string, complex128, *pcInfo, *rtype:
		return false
	}
	return true
}

func cmpUintptr(a, b uintptr) int {
	if a < b {
		return -1
	}
	return 1
}

// discovery walks the memory of each variable in turn (root), joining
// the parts of two variables that reach a run or an object in common.
type discovery struct {
	hp     *heapPlan
	root   int32         // the variable being walked
	parent []int32       // union-find over the variables
	owner  map[any]int32 // runs (by runKey) and objects: the variable that reached them first
	runs   []heapArray   // comp: the variable that reached it first
	work   []value
}

type runKey struct {
	base uintptr
	n    int
}

func (d *discovery) find(x int32) int32 {
	for d.parent[x] != x {
		d.parent[x] = d.parent[d.parent[x]]
		x = d.parent[x]
	}
	return x
}

func (d *discovery) union(a, b int32) { d.parent[d.find(a)] = d.find(b) }

// reached reports whether the run or object k was reached before, and
// records that the current variable reaches it.
func (d *discovery) reached(k any) bool {
	if o, ok := d.owner[k]; ok {
		d.union(o, d.root)
		return true
	}
	d.owner[k] = d.root
	return false
}

// span records the run vals (to its capacity) and walks its values once.
func (d *discovery) span(vals []value) error {
	if cap(vals) == 0 {
		return nil
	}
	vals = vals[:cap(vals)]
	k := runKey{uintptr(unsafe.Pointer(&vals[0])), len(vals)}
	if g := d.hp.gbase; g != 0 && k.base >= g && k.base < g+uintptr(len(d.hp.globals))*cellBytes {
		if k.n != 1 {
			return fmt.Errorf("a slice of package variables")
		}
		d.union(int32((k.base-g)/cellBytes), d.root) // a pointer to a variable
		return nil
	}
	if d.reached(k) {
		return nil
	}
	d.runs = append(d.runs, heapArray{base: k.base, vals: vals, comp: d.root})
	d.work = append(d.work, vals...)
	return nil
}

// val walks the references of v.
func (d *discovery) val(v value) error {
	if !holdsRef(v) {
		return nil
	}
	switch r := v.r.(type) {
	case ownFile:
	case *value:
		if r != nil {
			return d.span(unsafe.Slice(r, 1))
		}
	case agg:
		return d.span(r)
	case []value:
		return d.span(r)
	case *closure:
		if r != nil && !d.reached(r) {
			d.work = append(d.work, r.bindings...)
		}
	case *iface:
		if r != nil && !d.reached(r) {
			d.work = append(d.work, r.v)
		}
	case *mapV:
		if r != nil && !d.reached(r) {
			for _, e := range r.entries {
				d.work = append(d.work, e.k, e.v)
			}
		}
	case *chanV:
		if r != nil && !d.reached(r) {
			if len(r.recvq) != 0 || len(r.sendq) != 0 || r.timer != nil {
				return fmt.Errorf("a channel with goroutines or a timer")
			}
			d.work = append(d.work, r.buf...)
		}
	case *syncMapState:
		if r != nil && !d.reached(r) {
			d.work = append(d.work, value{r: r.m})
		}
	case *rvalue: // a reflect.Value of the reflect model
		if r != nil && !d.reached(r) {
			d.work = append(d.work, r.v, value{r: r.p})
		}
	case *mutexState, *notifyState:
		d.reached(r)
	case *wgState:
		d.reached(r)
		if r != nil && (len(r.waiters) != 0 || r.blocked != 0) {
			return fmt.Errorf("a WaitGroup with waiters")
		}
	case reflect.Value:
		return d.native(r)
	default:
		return fmt.Errorf("a value of %T", r)
	}
	return nil
}

// native checks that a native value can be shared by the executions, or
// copied, or stands for the machine's own standard output or error.
func (d *discovery) native(rv reflect.Value) error {
	if !rv.IsValid() {
		return nil
	}
	switch rv.Kind() {
	case reflect.Pointer:
		if rv.IsNil() {
			return nil
		}
		if x := rv.UnsafePointer(); x == d.hp.files[0] || x == d.hp.files[1] {
			return nil // the machine's own (heapCopy.native)
		}
		if immutableNative(rv.Type()) || rv.Type() == reflect.TypeFor[*regexp.Regexp]() && !d.hp.longest {
			return nil
		}
	case reflect.Func:
		if rv.IsNil() || topLevelFunc(rv) {
			return nil
		}
	default:
		// Copied if addressable (a native variable), else shared.
		if plainNative(rv.Type()) || rv.IsZero() || immutableNative(rv.Type()) {
			return nil
		}
	}
	return fmt.Errorf("a native value of type %s", rv.Type())
}

// immutableNative reports whether what a native value of type t points
// to never changes once made, so that executions may share it. (So does
// a *regexp.Regexp unless the program may call its Longest method: see
// regexp.go.)
func immutableNative(t reflect.Type) bool {
	switch t {
	case reflect.TypeFor[time.Time](), reflect.TypeFor[*time.Location]():
		return true
	case reflect.TypeFor[*strings.Replacer](): // built once, under its own sync.Once
		return true
	case reflect.TypeOf(errors.New("")), reflect.TypeFor[*unicode.RangeTable]():
		return true
	case reflect.TypeFor[embed.FS](): // read-only (a //go:embed variable's preset: embed.go)
		return true
	case reflect.TypeFor[netip.Addr](), reflect.TypeFor[netip.Prefix](), reflect.TypeFor[netip.AddrPort]():
		return true // their pointer is to an interned zone
	}
	return false
}

// topLevelFunc reports whether the native function rv is a declared
// function, not a closure or a method value (which hold state).
func topLevelFunc(rv reflect.Value) bool {
	f := runtime.FuncForPC(rv.Pointer())
	if f == nil {
		return false
	}
	name := f.Name()
	return !strings.HasSuffix(name, "-fm") && !strings.Contains(name[strings.LastIndexByte(name, '/')+1:], ".func")
}

// plainNative reports whether t holds no pointer but strings: a copy of
// a value of t shares nothing that may change.
func plainNative(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Array:
		return plainNative(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plainNative(t.Field(i).Type) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return false
	}
	return true
}

// start gives globals, the package variables of machine m, the
// variables of the plan that hold no reference, and marks the others
// pending: materialize copies their parts when they are first named.
func (hp *heapPlan) start(globals []value, m *Machine) {
	for _, j := range hp.set { // the others are zero in a new machine
		v := hp.globals[j]
		if k := hp.globalComp[j]; k >= 0 {
			v = value{n: uint64(k), r: pendingGlobal{}}
		}
		globals[j] = v
	}
	m.snapPlan = hp
}

// copyAll copies every part of the plan into globals, the variables of
// no machine (a snapshot's own memory), and returns the cells that
// stand for the machine's own os.Stdout and os.Stderr there, and the
// types of its cells.
func (hp *heapPlan) copyAll(globals []value) (cells [2]*value, hints map[*value]types.Type) {
	for j, v := range hp.globals {
		if hp.globalComp[j] < 0 {
			globals[j] = v
		}
	}
	for k := range hp.comps {
		c := hp.copyPart(k, globals, nil)
		for i, ai := range hp.comps[k].arrays {
			if fd := hp.arrays[ai].fd; fd > 0 {
				cells[fd-1] = &c.dst[i][0]
			}
		}
		for _, h := range hp.comps[k].hints {
			if hints == nil {
				hints = map[*value]types.Type{}
			}
			hints[c.at(h.p)] = h.t
		}
	}
	return cells, hints
}

// materialize copies part k of m's snapshot into its memory.
func (m *Machine) materialize(k int) {
	c := m.snapPlan.copyPart(k, m.globals, m)
	for _, h := range m.snapPlan.comps[k].hints {
		m.uns.typeHint(c.at(h.p), h.t)
	}
}

// global returns the address of package variable j of m, its part of the
// snapshot copied.
func (m *Machine) global(j int) *value {
	c := &m.globals[j]
	if _, ok := c.r.(pendingGlobal); ok {
		m.materialize(int(c.n))
	}
	return c
}

// copyPart copies part k into globals, the variables of machine m (nil:
// of no machine).
func (hp *heapPlan) copyPart(k int, globals []value, m *Machine) *heapCopy {
	part := &hp.comps[k]
	c := &heapCopy{hp: hp, m: m, globals: globals, dst: make([][]value, len(part.arrays)), objs: map[any]any{}}
	for i, ai := range part.arrays {
		switch a := &hp.arrays[ai]; {
		case a.fd > 0 && m != nil:
			c.dst[i] = unsafe.Slice(m.stdCell(a.fd), 1)
		case a.fd > 0:
			c.dst[i] = []value{{r: ownFile(a.fd)}}
		default:
			c.dst[i] = make([]value, len(a.vals))
		}
	}
	for _, j := range part.globals {
		globals[j] = c.val(hp.globals[j])
	}
	for i, ai := range part.arrays {
		a := &hp.arrays[ai]
		if a.fd > 0 {
			continue // the machine's own
		}
		out := c.dst[i]
		for x, v := range a.vals {
			out[x] = c.val(v)
		}
	}
	return c
}

// heapCopy is the copy of one part in progress.
type heapCopy struct {
	hp      *heapPlan
	m       *Machine
	globals []value   // the variables copied into
	dst     [][]value // the copies of the part's runs
	objs    map[any]any
}

// at returns the copy of the value at address p, which a run or a
// variable of the part holds.
func (c *heapCopy) at(p uintptr) *value {
	if g := c.hp.gbase; p >= g && p < g+uintptr(len(c.hp.globals))*cellBytes {
		return &c.globals[(p-g)/cellBytes]
	}
	i, _ := c.hp.arrayAt(p)
	a := &c.hp.arrays[i]
	return &c.dst[a.pos][(p-a.base)/cellBytes]
}

// arrayAt returns the index of the run that holds address p.
func (hp *heapPlan) arrayAt(p uintptr) (int, bool) {
	return slices.BinarySearchFunc(hp.arrays, p, func(a heapArray, p uintptr) int {
		if a.base <= p {
			if p < a.base+uintptr(len(a.vals))*cellBytes {
				return 0
			}
			return -1
		}
		return 1
	})
}

// run returns the copy of the slice s.
func (c *heapCopy) run(s []value) []value {
	if cap(s) == 0 {
		return s
	}
	p := c.at(uintptr(unsafe.Pointer(&s[:1][0])))
	return unsafe.Slice(p, cap(s))[:len(s)]
}

func (c *heapCopy) val(v value) value {
	if !holdsRef(v) {
		return v
	}
	switch r := v.r.(type) {
	case ownFile:
		if c.m != nil {
			v.r = c.m.stdCell(int(r)).r
		}
	case *value:
		if r != nil {
			v.r = c.at(uintptr(unsafe.Pointer(r)))
		}
	case agg:
		v.r = agg(c.run(r))
	case []value:
		if r != nil {
			v.r = c.run(r)
		}
	case reflect.Value:
		v.r = c.native(r)
	default:
		if isNilObj(r) {
			return v
		}
		if o, ok := c.objs[r]; ok {
			v.r = o
			return v
		}
		v.r = c.obj(r)
	}
	return v
}

// isNilObj reports whether r is a nil pointer to an object.
func isNilObj(r any) bool {
	switch r := r.(type) {
	case *iface:
		return r == nil
	case *rvalue:
		return r == nil
	case *syncMapState:
		return r == nil
	case *mutexState:
		return r == nil
	case *wgState:
		return r == nil
	case *notifyState:
		return r == nil
	}
	return isNilRef(r)
}

// obj copies one object of a model's or the interpreter's (a map, a
// channel, a closure, an interface value, a lock's state).
func (c *heapCopy) obj(r any) any {
	switch r := r.(type) {
	case *closure:
		n := newClosure(r.fn, len(r.bindings))
		c.objs[r] = n
		for i, b := range r.bindings {
			n.bindings[i] = c.val(b)
		}
		return n
	case *iface:
		n := &iface{t: r.t}
		c.objs[r] = n
		n.v = c.val(r.v)
		return n
	case *mapV:
		n := &mapV{kt: r.kt, vt: r.vt, m: c.m, live: r.live, ver: r.ver}
		c.objs[r] = n
		if r.ints != nil {
			n.ints = make(map[uint64]*entry, r.live)
		} else {
			n.others = make(map[any]*entry, r.live)
		}
		es := make([]entry, len(r.entries))
		n.entries = make([]*entry, len(r.entries))
		for i, e := range r.entries {
			es[i] = entry{k: c.val(e.k), v: c.val(e.v), dead: e.dead}
			n.entries[i] = &es[i]
		}
		for _, e := range n.entries {
			switch {
			case e.dead:
			case n.ints != nil:
				n.ints[e.k.n] = e
			default:
				n.others[keyOf(n.kt, e.k)] = e
			}
		}
		return n
	case *chanV:
		n := &chanV{elem: r.elem, cap: r.cap, closed: r.closed, id: r.id}
		c.objs[r] = n
		n.buf = make([]value, len(r.buf), max(len(r.buf), r.cap))
		for i, x := range r.buf {
			n.buf[i] = c.val(x)
		}
		return n
	case *rvalue:
		n := new(rvalue)
		c.objs[r] = n
		*n = *r
		n.v, n.p = c.val(r.v), c.val(value{r: r.p}).r
		return n
	case *syncMapState:
		n := &syncMapState{}
		c.objs[r] = n
		n.m, _ = c.val(value{r: r.m}).r.(*mapV)
		return n
	case *mutexState:
		return &mutexState{locked: r.locked, readers: r.readers}
	case *wgState:
		return &wgState{n: r.n, gen: r.gen}
	case *notifyState:
		n := *r
		return &n
	}
	panic(&internalFault{msg: fmt.Sprintf("init snapshot: cannot copy a %T", r)})
}

// native returns the copy of a native value (see discovery.native).
func (c *heapCopy) native(rv reflect.Value) any {
	switch {
	case !rv.IsValid():
	case rv.Kind() == reflect.Pointer && !rv.IsNil():
		for fd, f := range c.hp.files {
			if f != nil && rv.UnsafePointer() == f {
				if c.m == nil {
					return ownFile(fd + 1)
				}
				return c.m.stdCell(fd + 1).r
			}
		}
	case rv.CanAddr() && rv.Kind() != reflect.Func:
		// A native variable: the copy is one of the execution's own.
		n := reflect.New(rv.Type()).Elem()
		n.Set(rv)
		return n
	}
	return rv
}
