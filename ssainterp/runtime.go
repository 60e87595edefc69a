package ssainterp

import (
	"go/types"
	"io"
	"os"
	"reflect"
	goruntime "runtime"
	"syscall"
)

// Models of package runtime's scheduling and memory functions, os.Exit,
// the native functions that would block the host (refused), and the
// errors functions that need reflection; and the machine's standard
// output and error files.

// runtimeModels returns the models of package runtime's scheduling and
// memory functions, os.Exit, the native functions refused because they
// would block the host (os.Pipe, net.Dial...), and errors.Is, errors.As
// and the internal/reflectlite.TypeOf of errors' initialisation.
func runtimeModels() modelTable {
	tab := modelTable{}
	tab["runtime.Gosched"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		if !m.visible(fr, &opDesc{kind: opModel, wait: WaitGosched}) {
			return stop(fr)
		}
		return fr
	}
	tab["runtime.Goexit"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.startPanic(fr.g, value{}, true)
		return fr.g.top
	}
	tab["runtime.NumGoroutine"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(int64(len(m.liveIDs()))))
		return fr
	}
	tab["runtime.GOMAXPROCS"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(int64(goruntime.GOMAXPROCS(0))))
		return fr
	}
	noop := func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	tab["runtime.GC"] = noop
	tab["runtime.KeepAlive"] = noop
	tab["runtime.SetFinalizer"] = noop
	tab["(runtime.Cleanup).Stop"] = noop
	tab["runtime.LockOSThread"] = noop
	tab["runtime.UnlockOSThread"] = noop

	tab["os.Exit"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.exit(int(args[0].int()))
		return nil
	}

	tab["errors.Is"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(m.errorsIs(args[0], args[1])))
		return fr
	}
	tab["errors.As"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(m.errorsAs(args[0], args[1])))
		return fr
	}
	// Native functions that block would hang the host: refuse them.
	for _, name := range []string{"os.Pipe"} {
		name := name
		tab[name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			unsupported("%s can block natively; mcheck does not model it yet", name)
			return nil
		}
	}
	tab["runtime.ReadMemStats"] = readMemStats
	// errors' package initialisation asks reflectlite for error's type
	// (used only by errors.As, which is modelled): answer with the reflect
	// model's, or natively when the program does not load reflect.
	tab["internal/reflectlite.TypeOf"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		i, _ := args[0].r.(*iface)
		switch {
		case i == nil:
			set(fr, dst, value{})
		case m.prog.reflectLoaded() != nil:
			set(fr, dst, m.typeVal(i.t))
		default:
			nt := m.toNative(m.prog.anyRtype(), args[0], anyType).Elem().Type()
			set(fr, dst, value{r: &iface{t: m.prog.nativeRtype(reflect.TypeOf(nt)), v: value{r: reflect.ValueOf(nt)}}})
		}
		return fr
	}
	return tab
}

// refuseAllocCounts is the model of a function that reports allocation
// counts to compare (testing.AllocsPerRun): natively they are the
// host's, which count the interpreter's own allocations and depend on
// the compiler, so a test asserting them would fail for mcheck's sake.
// It is refused, naming the function.
func refuseAllocCounts(name string) modelFunc {
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		unsupported("%s: allocation counts are those of the program as compiled, which mcheck does not model (natively they would count the interpreter's own allocations)", name)
		return nil
	}
}

// readMemStats is runtime.ReadMemStats: the statistics are mcheck's
// accounting of the execution (alloc.go), never the host's: TotalAlloc,
// HeapAlloc and Alloc are the bytes charged so far (nothing is collected
// during an execution), Mallocs the allocations charged, Sys and HeapSys
// the execution's memory bound; every other field is zero. Tests read
// them to log memory use (ants, gocheck's timers), which works; a test
// that compares them with what the compiled program would allocate
// cannot be judged, so a failure after the first read is not reported
// as a bug but as something mcheck could not run (Finish).
func readMemStats(m *Machine, fr *frame, args []value, dst int) *frame {
	if m.memStatsAt == "" {
		m.memStatsAt = m.prog.shortPos(fr.fn.posAt(fr.pc - 1))
	}
	ms := goruntime.MemStats{TotalAlloc: m.memUsed, Alloc: m.memUsed, HeapAlloc: m.memUsed, Mallocs: m.allocs,
		Sys: m.memLimit, HeapSys: m.memLimit, HeapObjects: m.allocs}
	rv := reflect.ValueOf(&ms).Elem()
	switch p := args[0].r.(type) {
	case *value:
		rt := m.prog.rtypeOf(m.prog.ssa.ImportedPackage("runtime").Pkg.Scope().Lookup("MemStats").Type())
		assign(p, m.fromNativeInto(rt, rv, *p))
	case reflect.Value:
		p.Elem().Set(rv)
	default:
		throwPanic(nilDeref())
	}
	return fr
}

// spawnClosure starts a goroutine running cl(args...).
func (m *Machine) spawnClosure(cl *closure, args []value, _ int) *goroutine {
	all := make([]value, 0, len(args)+len(cl.bindings))
	all = append(all, args...)
	g := m.spawn(cl.fn, nil, 0)
	copy(g.top.regs, all)
	copy(g.top.regs[cl.fn.nparams:], cl.bindings)
	return g
}

// outputFile returns the machine's stand-in for os.Stdout (fd 1) or
// os.Stderr (fd 2): a pipe whose contents go to the configured writer.
func (m *Machine) outputFile(fd int) *os.File {
	o := &m.outs[fd-1]
	if o.w == nil {
		r, pw, err := os.Pipe()
		if err != nil {
			panic(&internalFault{msg: "cannot create output pipe: " + err.Error()})
		}
		// A duplicate descriptor named as the real one, so that
		// os.Stdout.Name() reads "/dev/stdout".
		dup, err := syscall.Dup(int(pw.Fd()))
		pw.Close()
		if err != nil {
			panic(&internalFault{msg: "cannot create output pipe: " + err.Error()})
		}
		w := os.NewFile(uintptr(dup), []string{"/dev/stdout", "/dev/stderr"}[fd-1])
		o.r, o.w = r, w
		o.done = make(chan struct{})
		dst := m.stdout
		if fd == 2 {
			dst = m.stderr
		}
		o.dst = dst
		go func() {
			io.Copy(dst, r)
			close(o.done)
		}()
	}
	return o.w
}

// isOutputFile reports whether v, an *os.File value, is the machine's
// stand-in for os.Stdout (fd 1) or os.Stderr (fd 2).
func (m *Machine) isOutputFile(v value, fd int) bool {
	rv, ok := v.r.(reflect.Value)
	w := m.outs[fd-1].w
	return ok && w != nil && rv.Kind() == reflect.Pointer && rv.Pointer() == reflect.ValueOf(w).Pointer()
}

// closeOutputs flushes and closes the output pipes.
func (m *Machine) closeOutputs() {
	for i := range m.outs {
		o := &m.outs[i]
		if o.w != nil {
			o.w.Close()
			<-o.done
			o.r.Close()
			o.w = nil
		}
	}
	m.releaseFront()
}

// stdFiles are the variables of package os that each machine has its
// own of: os.Stdout (fd 1), os.Stderr (fd 2) and os.Stdin (stdinFD,
// since 0 means none here).
var stdFiles = map[string]int{"os.Stdout": 1, "os.Stderr": 2, "os.Stdin": stdinFD, "crypto/rand.Reader": cryptoReaderFD}

// cryptoReaderFD is the index of the machine's crypto/rand.Reader among
// its own variables (stdFiles; no descriptor): a reader of the
// execution's crypto stream (rand.go), so that a program that reads it,
// or replaces it, touches its own execution only.
const cryptoReaderFD = stdinFD + 1

// ownVar returns the address of the machine's variable fd of stdFiles,
// as a register holds it.
func (m *Machine) ownVar(fd int) value {
	if fd != cryptoReaderFD {
		return value{r: m.stdCell(fd)}
	}
	if m.lk.cryptoReader == nil {
		m.lk.cryptoReader = new(io.Reader)
		*m.lk.cryptoReader = cryptoReader{m}
	}
	return value{r: reflect.ValueOf(m.lk.cryptoReader)} // a native variable, as nativeVar's
}

// stdCell returns the machine's os.Stdout (fd 1), os.Stderr (fd 2) or
// os.Stdin (stdinFD) variable.
func (m *Machine) stdCell(fd int) *value {
	if fd == stdinFD {
		return m.stdinCell()
	}
	if m.stdCells[fd-1] == nil {
		m.stdCells[fd-1] = &value{r: reflect.ValueOf(m.outputFile(fd))}
	}
	return m.stdCells[fd-1]
}

type outPipe struct {
	r, w *os.File
	dst  io.Writer
	done chan struct{}
}

// walkErrs visits err and the errors it wraps depth first, as the errors
// package does, until match reports true.
func (m *Machine) walkErrs(err value, match func(ei *iface, err value) bool) bool {
	for depth := 0; depth < 100; depth++ {
		ei, _ := err.r.(*iface)
		if ei == nil {
			return false
		}
		if match(ei, err) {
			return true
		}
		next, many, ok := m.unwrapErr(ei)
		if !ok {
			return false
		}
		if many != nil {
			for _, e := range many {
				if m.walkErrs(e, match) {
					return true
				}
			}
			return false
		}
		err = next
	}
	return false
}

// errorsIs implements errors.Is over interpreted and native errors.
func (m *Machine) errorsIs(err, target value) bool {
	ti, _ := target.r.(*iface)
	if ti == nil {
		return err.r == nil
	}
	return m.walkErrs(err, func(ei *iface, _ value) bool {
		if ei.t == ti.t && ei.t.comparable() && equal(ei.t, ei.v, ti.v) {
			return true
		}
		r, ok := m.callErrMethod(ei, "Is", []value{target})
		return ok && r.bool()
	})
}

// errorsAs implements errors.As: target is a non-nil pointer to an
// interface or to a type implementing error.
func (m *Machine) errorsAs(err, target value) bool {
	ti, _ := target.r.(*iface)
	if ti == nil {
		throwPanic(m.stringPanic("errors: target cannot be nil"))
	}
	if ti.t.kind != kPointer || isNilRef(ti.v.r) {
		throwPanic(m.stringPanic("errors: target must be a non-nil pointer"))
	}
	tt := ti.t.elem
	if tt.kind != kInterface && !tt.implements(m.prog.rtypeOf(types.Universe.Lookup("error").Type())) {
		throwPanic(m.stringPanic("errors: *target must be interface or implement error"))
	}
	cell, ok := ti.v.r.(*value)
	if !ok {
		unsupported("errors.As with a target in native memory (%s)", ti.t.name)
	}
	return m.walkErrs(err, func(ei *iface, err value) bool {
		if tt.kind == kInterface && ei.t.implements(tt) {
			*cell = err
			return true
		}
		if tt.kind != kInterface && ei.t == tt {
			*cell = copyVal(ei.v)
			return true
		}
		r, ok := m.callErrMethod(ei, "As", []value{target})
		return ok && r.bool()
	})
}

// unwrapErr calls Unwrap() error or Unwrap() []error.
func (m *Machine) unwrapErr(ei *iface) (next value, many []value, ok bool) {
	r, ok := m.callErrMethod(ei, "Unwrap", nil)
	if !ok {
		return value{}, nil, false
	}
	if s, isSlice := r.r.([]value); isSlice {
		if s == nil {
			return value{}, nil, false
		}
		return value{}, s, true
	}
	if r.r == nil {
		return value{}, nil, false
	}
	return r, nil, true
}

// callErrMethod calls a method of an error value by name, nested.
func (m *Machine) callErrMethod(ei *iface, name string, args []value) (value, bool) {
	if rv, native := ei.v.r.(reflect.Value); native && ei.t.kind == kNative || (native && ei.t.kind == kPointer) {
		mv := rv.MethodByName(name)
		if !mv.IsValid() {
			return value{}, false
		}
		var in []reflect.Value
		for _, a := range args {
			in = append(in, m.toNative(m.prog.anyRtype(), a, reflect.TypeFor[error]()))
		}
		if mv.Type().NumIn() != len(in) {
			return value{}, false
		}
		out := mv.Call(in)
		if len(out) != 1 {
			return value{}, false
		}
		switch out[0].Kind() {
		case reflect.Bool:
			return boolVal(out[0].Bool()), true
		case reflect.Slice:
			errs := out[0].Interface().([]error)
			vals := make([]value, len(errs))
			for i, e := range errs {
				vals[i] = m.fromNative(m.prog.anyRtype(), reflect.ValueOf(&e).Elem())
			}
			if errs == nil {
				vals = nil
			}
			return value{r: vals}, true
		}
		return m.fromNative(m.prog.anyRtype(), out[0]), true
	}
	fn := ei.t.method(name)
	if fn == nil || fn.ssa.Signature.Params().Len() != len(args) {
		return value{}, false
	}
	return m.callNested(m.cur, &closure{fn: fn}, append([]value{ei.v}, args...)), true
}

// interpretedWrite returns the receiver and the Write method of
// io.Writer w if it is interpreted or modelled (an io.PipeWriter), or
// nil if it is native.
func (m *Machine) interpretedWrite(w value) (value, *function) {
	i, _ := w.r.(*iface)
	fn := goMethod(i, "Write")
	if fn == nil {
		return value{}, nil
	}
	return i.v, fn
}

// bytesValue makes a new []byte holding s, allocated by g.
func (m *Machine) bytesValue(g *goroutine, s string) value {
	b := make([]value, len(s))
	for k := range len(s) {
		b[k] = value{n: uint64(s[k])}
	}
	if m.watch {
		m.allocatedSlice(g, b)
	}
	return value{r: b}
}
