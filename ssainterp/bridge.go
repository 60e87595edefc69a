package ssainterp

import (
	"fmt"
	"go/types"
	"reflect"

	"github.com/mcheck-dev/mcheck/ssainterp/internal/stdlib"
	"golang.org/x/tools/go/ssa"
)

// The bridge calls natively compiled standard-library code. Interpreted
// values are converted to real Go values on the way in (structs through
// reflect.StructOf, named types with methods as wrappers whose methods call
// back into the interpreter) and back on the way out. Its files:
//
//	bridge.go       native functions: resolving them, calling them
//	                (callNative, reflectCall, fastCall), native panics, and
//	                callbacks from native code into interpreted closures
//	                (callback, callNested, runNested)
//	bridgetype.go   the native type of an interpreted type and back
//	bridgevalue.go  the native value of an interpreted value and back,
//	                copy-back of memory native code wrote, bridged globals
//	bridgewrap.go   native stand-ins (wrapVal) for values with methods
//	bridgememo.go   the per-call memo of pointers converted both ways
//	fastcall.go     direct adapters for common native signatures

// nativeFunc is a resolved native function or method, with the
// interpreted types of its parameters (receiver first) and results.
type nativeFunc struct {
	fn       reflect.Value
	method   bool // fn is a reflect.Method.Func: receiver first
	err      error
	ptypes   []*rtype
	rtypes   []*rtype
	variadic bool
	isFmt    bool       // a fmt function: %T operands are rewritten
	fast     fastFunc   // a direct adapter, or nil
	fills    bool       // fast fills its slice argument and records the writes itself (fillShapes)
	recv     recvAccess // what a method does to its receiver (receiverAccesses)
}

// resolveNative finds the native function behind an external fn, once.
func (p *Program) resolveNative(fn *function) *nativeFunc {
	fn.nativeOnce.Do(func() { fn.native = p.lookupNative(fn.ssa) })
	return fn.native
}

func (p *Program) lookupNative(sf *ssa.Function) *nativeFunc {
	nf := &nativeFunc{}
	if o := sf.Origin(); o != nil {
		nf.err = fmt.Errorf("unsupported: generic function %s of a bridged package", o)
		return nf
	}
	sig := sf.Signature
	if recv := sig.Recv(); recv != nil {
		nf.ptypes = append(nf.ptypes, p.rtypeOf(recv.Type()))
	}
	for i := range sig.Params().Len() {
		nf.ptypes = append(nf.ptypes, p.rtypeOf(sig.Params().At(i).Type()))
	}
	for i := range sig.Results().Len() {
		nf.rtypes = append(nf.rtypes, p.rtypeOf(sig.Results().At(i).Type()))
	}
	nf.variadic = sig.Variadic()
	nf.isFmt = sf.Pkg != nil && sf.Pkg.Pkg.Path() == "fmt"
	if sig.Recv() != nil {
		nt, err := nf.ptypes[0].nativeType()
		if err != nil {
			nf.err = err
			return nf
		}
		meth, ok := nt.MethodByName(sf.Name())
		if !ok || nt.Kind() == reflect.Interface {
			nf.err = fmt.Errorf("unsupported: method %s of %s is not available natively", sf.Name(), nt)
			return nf
		}
		nf.fn, nf.method = meth.Func, true
		nf.fast = fastFor(nf)
		nf.recv = receiverAccess(sf)
		return nf
	}
	if sf.Pkg == nil {
		nf.err = fmt.Errorf("unsupported: function %s", sf)
		return nf
	}
	key := sf.Pkg.Pkg.Path() + "." + sf.Name()
	f, ok := stdlib.Funcs[key]
	if !ok && p.interpreted(sf.Pkg.Pkg) && sf.Blocks == nil {
		// A bodyless function linked to a bridged one.
		f, ok = stdlib.Funcs[p.linkTarget(sf)]
	}
	if !ok && p.interpreted(sf.Pkg.Pkg) {
		nf.err = fmt.Errorf("unsupported: %s has no Go body (assembly or linkname) at %s", sf, p.declPos(sf))
		return nf
	}
	if !ok && testifyYAML[sf.Pkg.Pkg.Path()] {
		nf.err = fmt.Errorf("unsupported: %s is not interpreted: mcheck interprets testify's YAML packages only for a program whose source names YAMLEq, and this call came another way (reflection?)", key)
		return nf
	}
	if !ok {
		// Package p is not interpreted, so whether f has a body is not
		// known here: assembly, a linkname, or a standard package that
		// is in neither tier (crypto/tls).
		nf.err = fmt.Errorf("unsupported: %s is not run by mcheck: package %s is not interpreted, and this function is not one it calls natively (assembly, a linkname, or a standard package mcheck does not support)", key, sf.Pkg.Pkg.Path())
		return nf
	}
	nf.fn = f
	nf.fast = fastFor(nf)
	return nf
}

// A recvAccess is what a native method does to its receiver's state, as
// Go's race detector sees the method's own loads and stores.
type recvAccess uint8

const (
	noAccess recvAccess = iota
	reads
	writes
)

// receiverAccesses lists the methods of native types whose state is
// the program's memory, with what each does to it: strings and math/rand
// run natively (doc.go), and a strings.Builder or strings.Reader two
// goroutines use without a lock races in Go, as does a Rand (every
// method of math/rand's and math/rand/v2's Rand draws from its source:
// writerTypes).
var receiverAccesses = map[string]recvAccess{
	"(*strings.Builder).Write":       writes,
	"(*strings.Builder).WriteByte":   writes,
	"(*strings.Builder).WriteRune":   writes,
	"(*strings.Builder).WriteString": writes,
	"(*strings.Builder).Grow":        writes,
	"(*strings.Builder).Reset":       writes,
	"(*strings.Builder).Len":         reads,
	"(*strings.Builder).Cap":         reads,
	"(*strings.Builder).String":      reads,
	"(*strings.Reader).Read":         writes,
	"(*strings.Reader).ReadByte":     writes,
	"(*strings.Reader).ReadRune":     writes,
	"(*strings.Reader).ReadString":   writes,
	"(*strings.Reader).UnreadByte":   writes,
	"(*strings.Reader).UnreadRune":   writes,
	"(*strings.Reader).Seek":         writes,
	"(*strings.Reader).WriteTo":      writes,
	"(*strings.Reader).Reset":        writes,
	"(*strings.Reader).ReadAt":       reads,
	"(*strings.Reader).Len":          reads,
	"(*strings.Reader).Size":         reads,
}

// writerTypes are the native types whose every pointer method writes
// the receiver.
var writerTypes = map[string]bool{"*math/rand.Rand": true, "*math/rand/v2.Rand": true}

// receiverAccess is what native method fn does to its receiver.
func receiverAccess(fn *ssa.Function) recvAccess {
	if fn == nil || fn.Signature.Recv() == nil {
		return noAccess
	}
	if writerTypes[fn.Signature.Recv().Type().String()] {
		return writes
	}
	return receiverAccesses[fn.String()]
}

// receiverAccess checks and records an access of the native value that
// recv, a method's receiver, points at: the cell holding it, or the
// native object (the race detector's map keeps it alive, so that its
// address is not another's within the execution).
func (m *Machine) receiverAccess(recv value, write bool) {
	var key any
	switch r := recv.r.(type) {
	case *value:
		if r != nil {
			key = r
		}
	case reflect.Value:
		if r.Kind() == reflect.Pointer && !r.IsNil() {
			key = r.UnsafePointer()
		}
	}
	if g := m.cur; key != nil && g != nil && g.top != nil {
		m.memAccessMaybeStop(g.top, key, write, false)
	}
}

// callNative calls the native function behind fn.
func (m *Machine) callNative(fr *frame, fn *function, args []value) value {
	nf := m.prog.resolveNative(fn)
	if nf.err != nil {
		panic(&internalFault{msg: nf.err.Error()})
	}
	if nf.isFmt {
		args = m.fmtTypeVerbs(fn.ssa.Name(), args)
	}
	if m.watch {
		if nf.recv != noAccess {
			m.receiverAccess(args[0], nf.recv == writes)
		}
		// Native code reads the elements of the slices it is given (a
		// reader's Read records what it fills itself: fillShapes).
		for i, a := range args {
			if !nf.fills && i < len(nf.ptypes) && nf.ptypes[i].kind == kSlice {
				s := a.slice()
				for k := range s {
					m.nativeAccess(&s[k], false)
				}
			}
		}
	}
	if nf.fast != nil {
		return m.fastResult(m.fastCall(nf, args))
	}
	return m.reflectCall(nf.fn, nf.ptypes, nf.variadic, args, nf.rtypes)
}

// fastCall calls nf through its direct adapter.
func (m *Machine) fastCall(nf *nativeFunc, args []value) value {
	defer func() {
		r := recover()
		m.reraiseAbort()
		if r != nil {
			m.nativePanic(r)
		}
	}()
	return nf.fast(m, nf, args)
}

// reraiseAbort raises again the mcheck fault or program exit that a
// callback raised during the native call that just ended. Native code
// may have recovered it (fmt prints a panicking String method as
// "%!v(PANIC=...)" and goes on), but the program must not: a fault of
// mcheck ends the execution, whatever the code between does.
func (m *Machine) reraiseAbort() {
	if a := m.abort; a != nil {
		m.abort = nil
		panic(a)
	}
}

// reflectCall converts args (of types ptypes), calls f and converts the
// results back. Panics in native code become interpreted panics.
func (m *Machine) reflectCall(f reflect.Value, ptypes []*rtype, variadic bool, args []value, results []*rtype) (res value) {
	ft := f.Type()
	saved := m.pendingCopyBack
	m.pendingCopyBack = nil
	savedMemo := m.memo
	m.memo = nil
	defer func() { m.memo = savedMemo }()
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		var nt reflect.Type
		if variadic && i == len(args)-1 {
			nt = ft.In(ft.NumIn() - 1)
		} else {
			nt = ft.In(i)
		}
		in[i] = m.toNative(ptypes[i], a, nt)
	}
	cbs := m.pendingCopyBack
	m.pendingCopyBack = saved
	var out []reflect.Value
	func() {
		defer func() {
			r := recover()
			m.reraiseAbort()
			if r != nil {
				m.nativePanic(r)
			}
		}()
		if variadic {
			out = f.CallSlice(in)
		} else {
			out = f.Call(in)
		}
	}()
	m.applyCopyBack(cbs)
	switch len(out) {
	case 0:
		return value{}
	case 1:
		return m.fromNative(results[0], out[0])
	}
	t := make(agg, len(out))
	for i, o := range out {
		t[i] = m.fromNative(results[i], o)
	}
	return value{r: t}
}

// nativePanic turns a host panic out of native code into an interpreted
// panic (or lets interpreter control signals through).
func (m *Machine) nativePanic(r any) {
	switch x := r.(type) {
	case *nestedPanic:
		x.p.recovered = false
		throwPanic(x.p.val)
	case *exitSignal, *internalFault, *goPanic:
		panic(r)
	}
	rv := reflect.ValueOf(r)
	dt := m.prog.nativeRtype(rv.Type())
	throwPanic(value{r: &iface{t: dt, v: m.fromNative(dt, rv)}})
}

// callNativeMethod calls method name of a native dynamic value.
func (m *Machine) callNativeMethod(fr *frame, i *iface, name string, args []value, dst int) *frame {
	rv, ok := i.v.r.(reflect.Value)
	if !ok {
		rv = m.plainToNative(i.t, i.v)
	}
	meth := rv.MethodByName(name)
	if !meth.IsValid() {
		panic(&internalFault{msg: fmt.Sprintf("unsupported: method %s of native type %s", name, rv.Type())})
	}
	mt := meth.Type()
	ptypes := make([]*rtype, mt.NumIn())
	for k := range ptypes {
		ptypes[k] = m.prog.nativeRtype(mt.In(k))
	}
	res := make([]*rtype, mt.NumOut())
	for k := range res {
		if tt := m.prog.typesFor(mt.Out(k)); tt != nil {
			res[k] = m.prog.rtypeOf(tt)
		} else {
			res[k] = m.prog.anyRtype()
		}
	}
	v := m.reflectCall(meth, ptypes, mt.IsVariadic(), args, res)
	if dst >= 0 {
		fr.regs[dst] = v
	}
	return fr
}

// callback makes a native function that runs interpreted closure cl.
func (m *Machine) callback(rt *rtype, cl *closure, nt reflect.Type) reflect.Value {
	sig := rt.t.Underlying().(*types.Signature)
	g := m.cur
	return reflect.MakeFunc(nt, func(in []reflect.Value) []reflect.Value {
		args := make([]value, len(in))
		for i, a := range in {
			args[i] = m.fromNative(m.prog.rtypeOf(sig.Params().At(i).Type()), a)
		}
		res := m.callNested(g, cl, args)
		out := make([]reflect.Value, nt.NumOut())
		switch len(out) {
		case 0:
		case 1:
			out[0] = m.toNative(m.prog.rtypeOf(sig.Results().At(0).Type()), res, nt.Out(0))
		default:
			for i := range out {
				out[i] = m.toNative(m.prog.rtypeOf(sig.Results().At(i).Type()), res.agg()[i], nt.Out(i))
			}
		}
		return out
	})
}

// nativeBase is the frame under a call from native code (callNested),
// with the register a model that completes at once writes its result to.
type nativeBase struct {
	frame
	res [1]value
}

// nativeCaller is the function of nativeBase frames.
var nativeCaller = &function{name: "native"}

// newNativeBase returns a base frame on goroutine g.
func newNativeBase(g *goroutine) *nativeBase {
	b := &nativeBase{frame: frame{fn: nativeCaller, g: g, retSlot: -1}}
	b.regs = b.res[:]
	return b
}

// callNested runs closure cl to completion on goroutine g, nested inside
// the current native call. A panic that escapes cl travels into the
// native caller as a host panic (nestedPanic). An mcheck fault or a
// program exit (os.Exit) travels too, but is also recorded in m.abort,
// so that it is raised again when the native call returns even if the
// native code recovered it.
func (m *Machine) callNested(g *goroutine, cl *closure, args []value) value {
	if g == nil {
		panic(&internalFault{msg: "internal error: callback with no goroutine"})
	}
	// Nested from the start: a model called here at once (an io.Pipe
	// end's Read) must not stop.
	g.nested++
	defer func() {
		g.nested--
		if r := recover(); r != nil {
			switch r.(type) {
			case *nestedPanic, *goPanic:
				panic(r) // an interpreted panic, for the native caller
			}
			panic(m.recordAbort(g, r))
		}
	}()
	saved := g.top
	base := newNativeBase(g)
	base.caller = saved
	fr := m.callClosure(&base.frame, cl, args, 0)
	if fr == &base.frame || fr == nil {
		// A model or native function completed at once.
		g.top = saved
		return base.regs[0]
	}
	fr.boundary = true
	fr.caller = saved
	g.top = fr
	m.runNested(g)
	g.top = saved
	return g.nestedRes
}

// recordAbort makes r, a host panic that is not an interpreted panic,
// the machine's pending abort (see reraiseAbort) and returns it: exits
// and faults as they are, anything else as an internal error, with the
// position of the frame that raised it.
func (m *Machine) recordAbort(g *goroutine, r any) any {
	switch x := r.(type) {
	case *exitSignal:
	case *internalFault:
		if x.pos == "" && g.top != nil {
			x.pos = g.top.position()
		}
	default:
		where := ""
		if g.top != nil {
			where = g.top.position()
		}
		r = &internalFault{msg: fmt.Sprintf("internal error: %v\n%s", r, stackOf()), pos: where}
	}
	if m.abort == nil {
		m.abort = r
	}
	return r
}

// runNested runs g's frames until the boundary frame returns.
func (m *Machine) runNested(g *goroutine) {
	mark := len(m.argStack) // the native call's callers' arguments stay
	for {
		m.popArgs(mark)
		done := func() (done bool) {
			defer func() {
				if r := recover(); r != nil {
					if gp, ok := r.(*goPanic); ok {
						if gp.err != nil {
							gp.val = m.errValue(gp.err)
						}
						m.startPanic(g, gp.val, false)
						done = false
						return
					}
					panic(r)
				}
			}()
			fr := g.top
			for fr != nil {
				c := fr.code[fr.pc]
				fr.pc++
				fr = c(fr)
			}
			return true
		}()
		if done {
			return
		}
	}
}
