package ssainterp

import (
	"fmt"
	"go/ast"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	goruntime "runtime"
	"strings"
	"sync"
	"syscall"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Models of the runtime functions that libraries reach without a Go
// body: by //go:linkname (runtime.nanotime, fastrand, procPin, ...) or
// through exported functions that read the native stack (runtime.Callers,
// Caller, CallersFrames, FuncForPC, Stack, runtime/debug.Stack), which
// here answer from the interpreted stack.
//
// A bodyless function of an interpreted package is resolved through its
// //go:linkname directive: the target's model if there is one, else the
// target's bridged native function. Without either it is an mcheck
// error, "unsupported: F has no Go body (assembly or linkname) at
// file:line" (see lookupNative).

// linkState is a machine's state for these models.
type linkState struct {
	pcs   []pcInfo       // by (pc-pcBase)/pcStep
	pcIdx map[pcKey]int  // index in pcs
	rnd   *randState     // see rand.go
	funcs map[int]*value // FuncForPC results, one cell per pc entry

	cryptoReader *io.Reader // the machine's crypto/rand.Reader (runtime.go's ownVar)
}

// pcInfo is what a fake program counter stands for: a position in an
// interpreted function (fn nil: a runtime frame named name).
type pcInfo struct {
	fn   *function
	name string // the function's name as the runtime spells it
	file string
	line int
}

type pcKey struct {
	fn *function
	pc int
	nm string
}

// Fake program counters: pcBase + pcStep*index is the entry of a pcInfo;
// the return addresses runtime.Callers hands out are one past it, as
// natively, and any pc up to the next entry maps back to it.
const (
	pcBase = 0x4b0000
	pcStep = 0x10
)

// pcOf returns the fake pc of fr's current position (its pc-1: the call
// it is making).
func (m *Machine) pcOf(fr *frame) uintptr {
	k := pcKey{fn: fr.fn, pc: fr.pc - 1}
	return m.pcFor(k, func() pcInfo {
		info := pcInfo{fn: fr.fn, name: runtimeName(fr.fn)}
		if p := fr.fn.posAt(fr.pc - 1); p.IsValid() {
			ps := m.prog.fset.Position(p)
			info.file, info.line = ps.Filename, ps.Line
		}
		return info
	})
}

// runtimePC returns the fake pc of a runtime frame with the given name.
func (m *Machine) runtimePC(name, file string, line int) uintptr {
	return m.pcFor(pcKey{nm: name}, func() pcInfo { return pcInfo{name: name, file: file, line: line} })
}

func (m *Machine) pcFor(k pcKey, info func() pcInfo) uintptr {
	i, ok := m.lk.pcIdx[k]
	if !ok {
		if m.lk.pcIdx == nil {
			m.lk.pcIdx = map[pcKey]int{}
		}
		i = len(m.lk.pcs)
		m.lk.pcs = append(m.lk.pcs, info())
		m.lk.pcIdx[k] = i
	}
	return pcBase + pcStep*uintptr(i) + 1
}

// pcLookup returns the index of the pcInfo pc belongs to, or -1.
func (m *Machine) pcLookup(pc uintptr) int {
	if pc <= pcBase {
		return -1
	}
	i := int((pc - pcBase - 1) / pcStep)
	if i >= len(m.lk.pcs) {
		return -1
	}
	return i
}

// goexitFile and goexitLine are where the host's runtime.goexit is, the
// bottom frame of every goroutine's stack.
var goexitFile, goexitLine = func() (string, int) {
	ch := make(chan [2]any)
	go func() {
		pcs := make([]uintptr, 64)
		n := goruntime.Callers(0, pcs)
		fs := goruntime.CallersFrames(pcs[:n])
		file, line := "", 0
		for {
			f, more := fs.Next()
			if f.Function == "runtime.goexit" {
				file, line = f.File, f.Line
			}
			if !more {
				break
			}
		}
		ch <- [2]any{file, line}
	}()
	r := <-ch
	return r[0].(string), r[1].(int)
}()

// mainLine is the line of runtime.main that calls main.main.
var mainLine = func() int {
	src, err := os.ReadFile(filepath.Join(goroot, "runtime", "proc.go"))
	if err != nil {
		return 0
	}
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if strings.Contains(l, "fn := main_main") && i+1 < len(lines) {
			return i + 2
		}
	}
	return 0
}()

// callerPCs returns the fake pcs of g's stack from frame fr up, the
// first being fr's; runtime.main (under main.main) and runtime.goexit
// end it.
func (m *Machine) callerPCs(fr *frame) []uintptr {
	var pcs []uintptr
	var last *frame
	for f := fr; f != nil; f = f.caller {
		if f.fn.ssa == nil {
			continue // go/defer thunks, native boundaries
		}
		pcs = append(pcs, m.pcOf(f))
		last = f
	}
	if last != nil && last.fn.ssa.Parent() == nil && last.fn.ssa.Name() == "main" && last.fn.ssa.Pkg != nil && last.fn.ssa.Pkg.Pkg.Name() == "main" {
		pcs = append(pcs, m.runtimePC("runtime.main", filepath.Join(goroot, "runtime", "proc.go"), mainLine))
	}
	return append(pcs, m.runtimePC("runtime.goexit", goexitFile, goexitLine))
}

// runtimeName names an interpreted function as the gc runtime does:
// "pkg.F", "pkg.(*T).M", "pkg.T.M", "pkg.F.func1", "pkg.F.func1.2",
// "pkg.T.M-fm" for a method value.
func runtimeName(fn *function) string {
	if fn.ssa == nil {
		return fn.name
	}
	return ssaRuntimeName(fn.ssa)
}

func ssaRuntimeName(f *ssa.Function) string {
	if p := f.Parent(); p != nil {
		n := 0
		for i, a := range p.AnonFuncs {
			if a == f {
				n = i + 1
			}
		}
		if p.Parent() != nil {
			return fmt.Sprintf("%s.%d", ssaRuntimeName(p), n)
		}
		return fmt.Sprintf("%s.func%d", ssaRuntimeName(p), n)
	}
	name := f.Name()
	if o := f.Origin(); o != nil {
		name = o.Name() + "[...]"
	}
	if strings.HasSuffix(name, "$bound") {
		name = strings.TrimSuffix(name, "$bound") + "-fm"
	}
	pkg := ""
	if f.Pkg != nil {
		pkg = symPath(f.Pkg.Pkg)
	} else if o := f.Object(); o != nil && o.Pkg() != nil {
		pkg = symPath(o.Pkg())
	}
	if recv := f.Signature.Recv(); recv != nil {
		t := recv.Type()
		ptr := false
		if pt, ok := t.(*types.Pointer); ok {
			t, ptr = pt.Elem(), true
		}
		tn := ""
		if n, ok := types.Unalias(t).(*types.Named); ok {
			tn = n.Obj().Name()
			if n.Obj().Pkg() != nil {
				pkg = symPath(n.Obj().Pkg())
			}
			if n.TypeArgs().Len() > 0 {
				tn += "[...]"
			}
		} else {
			tn = t.String()
		}
		if ptr {
			return fmt.Sprintf("%s.(*%s).%s", pkg, tn, name)
		}
		return fmt.Sprintf("%s.%s.%s", pkg, tn, name)
	}
	if pkg == "" {
		return name
	}
	return pkg + "." + name
}

// symPath is the package prefix of symbols: the import path, or "main"
// for a main package.
func symPath(p *types.Package) string {
	if p.Name() == "main" {
		return "main"
	}
	return p.Path()
}

// stackTrace formats g's stack as runtime.Stack does (without argument
// values and pc offsets), from frame top down, and the "created by" line
// of a goroutine a go statement or t.Run started.
// The top frame is at its next instruction (at is true: a goroutine
// stopped before an operation, or not started) or in a call (the
// goroutine that asks for the stack); the other frames are in calls.
// model, if not empty, is the function of the standard library the
// goroutine waits in, which mcheck models without a frame: it is shown
// on top, as the runtime shows it (goleak recognises the test runner's
// goroutines by it).
func (m *Machine) stackTrace(g *goroutine, top *frame, status string, at bool, model frameText) string {
	var b strings.Builder
	fmt.Fprintf(&b, "goroutine %d [%s]:\n", g.id, status)
	if model.fn != "" {
		fmt.Fprintf(&b, "%s(...)\n\t%s:%d\n", model.fn, model.file, model.line)
	}
	for f := top; f != nil; f = f.caller {
		if f.fn.ssa != nil {
			pc := f.pc - 1
			if f == top && at {
				pc = f.pc
			}
			ps := m.prog.fset.Position(f.fn.posAt(pc))
			args := "(...)" // the runtime prints argument words, which interpreted frames do not have
			if len(f.fn.ssa.Params) == 0 {
				args = "()"
			}
			fmt.Fprintf(&b, "%s%s\n\t%s:%d\n", runtimeName(f.fn), args, ps.Filename, ps.Line)
		}
		if p := f.deferCall; p != nil {
			// A deferred call that a panic (or Goexit) runs sits on
			// the stack of the panic: the runtime's frame, then the
			// frames from where the panic began down, as the panic
			// found them (frames without deferred calls are gone from
			// the interpreted stack by now).
			fr := unwindFrames().panic
			if p.goexit {
				fr = unwindFrames().goexit
			}
			fmt.Fprintf(&b, "%s\n\t%s:%d\n%s", fr.fn, fr.file, fr.line, p.trace)
			break
		}
	}
	var by frameText
	switch {
	case g.parent == nil:
	case g.creator != nil:
		ps := m.prog.fset.Position(g.created)
		by = frameText{fn: runtimeName(g.creator), file: ps.Filename, line: ps.Line}
	case g.subtest:
		by = testingFrame("testing.(*T).Run", (*testing.T).Run)
	}
	if by.fn != "" {
		fmt.Fprintf(&b, "created by %s in goroutine %d\n\t%s:%d\n", by.fn, g.parent.id, by.file, by.line)
	}
	return b.String()
}

// unwindFrames returns the runtime's frames under a deferred call that a
// panic or runtime.Goexit runs, as the host's own traceback shows them
// (file and line of runtime.gopanic and runtime.Goexit where they call
// the deferred function).
var unwindFrames = sync.OnceValue(func() (u struct{ panic, goexit frameText }) {
	u.panic = frameText{fn: "panic({...})", file: filepath.Join(goroot, "runtime", "panic.go")}
	u.goexit = frameText{fn: "runtime.Goexit()", file: u.panic.file}
	find := func(name string, f *frameText) {
		var pcs [32]uintptr
		frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs[:])])
		for {
			fr, more := frames.Next()
			if fr.Function == name {
				f.file, f.line = fr.File, fr.Line
				return
			}
			if !more {
				return
			}
		}
	}
	func() {
		defer func() {
			find("runtime.gopanic", &u.panic)
			recover()
		}()
		panic("mcheck: the runtime's panic frame")
	}()
	done := make(chan bool)
	go func() {
		defer close(done)
		defer find("runtime.Goexit", &u.goexit)
		runtime.Goexit()
	}()
	<-done
	return u
})

// frameText is a frame of a function mcheck models, as a stack shows it.
type frameText struct {
	fn, file string
	line     int
}

// allStacks is runtime.Stack's text: the current goroutine's stack from
// fr, then, with all, every other live goroutine's.
func (m *Machine) allStacks(fr *frame, all bool) string {
	s := m.stackTrace(fr.g, fr, "running", false, frameText{})
	if all {
		for _, g := range m.live {
			if g == fr.g {
				continue
			}
			status, model := m.waitReason(g)
			s += "\n" + m.stackTrace(g, g.top, status, true, model)
		}
	}
	return s
}

// waitReason returns the status the runtime shows for g in a stack (its
// waitReason: "runnable", "chan receive", "sync.Mutex.Lock", …) and the
// modelled function it waits in, if one shows on top of its stack.
func (m *Machine) waitReason(g *goroutine) (string, frameText) {
	if g.state != gPending || m.enabled(g) {
		return "runnable", frameText{}
	}
	switch g.pending.wait {
	case WaitTestRun:
		return WaitChanRecv.String(), testingFrame("testing.(*T).Run", (*testing.T).Run)
	case WaitTestParallel:
		return WaitChanRecv.String(), testingFrame("testing.(*T).Parallel", (*testing.T).Parallel)
	case WaitTestSubtests:
		return WaitChanRecv.String(), frameText{}
	case WaitPipeRead, WaitPipeWrite:
		return WaitSelect.String(), frameText{}
	case WaitSyncMap:
		return WaitMutexLock.String(), frameText{}
	default:
		return g.pending.reason(), frameText{}
	}
}

// testingFrame returns the frame of the testing package's fn, named
// name, at the host's source of it.
func testingFrame(name string, fn any) frameText {
	f := runtime.FuncForPC(reflect.ValueOf(fn).Pointer())
	if f == nil {
		return frameText{fn: name, file: "testing.go"}
	}
	file, line := f.FileLine(f.Entry())
	return frameText{fn: name, file: file, line: line}
}

// nanoBoot is the virtual monotonic clock's reading at the fixed epoch:
// runtime.nanotime counts from boot, and is never 0.
const nanoBoot = int64(3600e9)

// linknameModels returns the models of the runtime's functions that
// programs and std packages reach by //go:linkname or through package
// runtime's stack and caller API: clocks, fast random numbers, processor
// pinning, hashing, callers and stacks.
func linknameModels() modelTable {
	tab := modelTable{}
	tab["runtime.Caller"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		f := fr
		for skip := args[0].int(); f != nil; f = f.caller {
			if f.fn.ssa == nil {
				continue
			}
			if skip == 0 {
				break
			}
			skip--
		}
		if f == nil {
			set(fr, dst, value{r: agg{{}, strVal(""), {}, boolVal(false)}})
			return fr
		}
		pc := m.pcOf(f)
		info := m.lk.pcs[m.pcLookup(pc)]
		set(fr, dst, value{r: agg{{n: uint64(pc)}, strVal(info.file), intVal(int64(info.line)), boolVal(true)}})
		return fr
	}
	tab["runtime.Callers"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		// pc[0] is runtime.Callers itself.
		pcs := append([]uintptr{m.runtimePC("runtime.Callers", filepath.Join(goroot, "runtime", "extern.go"), 331)}, m.callerPCs(fr)...)
		pcs = pcs[min(max(int(args[0].int()), 0), len(pcs)):]
		set(fr, dst, intVal(int64(copyInts(args[1].slice(), pcs))))
		return fr
	}
	tab["runtime.CallersFrames"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		var pcs []uintptr
		for _, v := range args[0].slice() {
			pcs = append(pcs, uintptr(v.n))
		}
		set(fr, dst, value{r: &value{r: &framesIter{pcs: pcs}}})
		return fr
	}
	tab["(*runtime.Frames).Next"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		it, _ := cellOf(args[0]).r.(*framesIter)
		if it == nil {
			unsupported("a runtime.Frames that runtime.CallersFrames did not make")
		}
		set(fr, dst, m.tuple2(m.nextFrame(it), boolVal(len(it.pcs) > 0)))
		return fr
	}
	tab["runtime.FuncForPC"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, m.funcForPC(uintptr(args[0].n)))
		return fr
	}
	funcInfo := func(m *Machine, f value) *pcInfo {
		if isNilRef(f.r) {
			return nil
		}
		info, _ := cellOf(f).r.(*pcInfo)
		if info == nil {
			unsupported("a *runtime.Func that runtime.FuncForPC did not make")
		}
		return info
	}
	tab["(*runtime.Func).Name"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		name := ""
		if info := funcInfo(m, args[0]); info != nil {
			name = info.name
		}
		set(fr, dst, strVal(name))
		return fr
	}
	tab["(*runtime.Func).FileLine"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		file, line := "", 0
		if info := funcInfo(m, args[0]); info != nil {
			file, line = info.file, info.line
			if i := m.pcLookup(uintptr(args[1].n)); i >= 0 && m.lk.pcs[i].fn == info.fn && m.lk.pcs[i].name == info.name {
				file, line = m.lk.pcs[i].file, m.lk.pcs[i].line
			}
		}
		set(fr, dst, m.tuple2(strVal(file), intVal(int64(line))))
		return fr
	}
	tab["(*runtime.Func).Entry"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		var e uint64
		if info := funcInfo(m, args[0]); info != nil {
			e = uint64(m.funcEntry(info))
		}
		set(fr, dst, value{n: e})
		return fr
	}
	tab["runtime.Stack"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := m.allStacks(fr, args[1].bool())
		set(fr, dst, intVal(int64(copyInts(args[0].slice(), []byte(s)))))
		return fr
	}
	tab["runtime/debug.Stack"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		s := m.allStacks(fr, false)
		// debug.Stack's own frame heads the native trace.
		head, rest, _ := strings.Cut(s, "\n")
		s = head + "\nruntime/debug.Stack()\n\t" + filepath.Join(goroot, "runtime", "debug", "stack.go") + ":26\n" + rest
		b := make([]value, len(s))
		for i := range len(s) {
			b[i].n = uint64(s[i])
		}
		set(fr, dst, value{r: b})
		return fr
	}
	tab["runtime/debug.PrintStack"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.writeStderr(m.allStacks(fr, false))
		return fr
	}

	// The virtual clock, as the runtime's monotonic and wall clocks.
	nanotime := func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(m.now+nanoBoot))
		return fr
	}
	for _, name := range []string{"runtime.nanotime", "runtime.nanotime1", "time.runtimeNano"} {
		tab[name] = nanotime
	}
	tab["runtime.walltime"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		t := epoch.UnixNano() + m.now
		set(fr, dst, m.tuple2(intVal(t/1e9), intVal(t%1e9)))
		return fr
	}
	tab["time.now"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		t := epoch.UnixNano() + m.now
		set(fr, dst, value{r: agg{intVal(t / 1e9), intVal(t % 1e9), intVal(m.now + nanoBoot)}})
		return fr
	}

	// The runtime's fast random numbers, from the execution's seed.
	u32 := func(f func(m *Machine, args []value) uint32) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, value{n: uint64(f(m, args))})
			return fr
		}
	}
	rand32 := func(m *Machine, _ []value) uint32 { return uint32(m.progRand().Uint64()) }
	randn := func(m *Machine, args []value) uint32 {
		return uint32((uint64(uint32(m.progRand().Uint64())) * uint64(uint32(args[0].n))) >> 32)
	}
	for _, name := range []string{"runtime.fastrand", "runtime.cheaprand"} {
		tab[name] = u32(rand32)
	}
	for _, name := range []string{"runtime.fastrandn", "runtime.cheaprandn", "runtime.randn"} {
		tab[name] = u32(randn)
	}
	tab["sync.runtime_randn"] = u32(randn)
	for _, name := range []string{"runtime.fastrand64", "runtime.rand", "runtime.cheaprand64", "internal/runtime/maps.rand"} {
		tab[name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			v := m.progRand().Uint64()
			if name == "runtime.cheaprand64" {
				v &^= 1 << 63 // an int64 >= 0
			}
			set(fr, dst, value{n: v})
			return fr
		}
	}

	// One P: pinning answers P 0 and the interpreter never migrates
	// a goroutine.
	pin := func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(0))
		return fr
	}
	noop := func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	for _, pkg := range []string{"runtime.", "sync.runtime_", "sync/atomic.runtime_"} {
		tab[pkg+"procPin"] = pin
		tab[pkg+"procUnpin"] = noop
	}
	tab["sync.runtime_canSpin"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(false))
		return fr
	}
	tab["sync.runtime_doSpin"] = noop
	tab["runtime.memhash"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, value{n: m.hashBytes(args[1].n, m.unsafeBytes(args[0], int64(args[2].n), "runtime.memhash"))})
		return fr
	}
	tab["runtime.memclrNoHeapPointers"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		n := int64(args[1].n)
		m.unsafeBytes(args[0], n, "runtime.memclrNoHeapPointers")
		clear(m.unsafeElemsOf(args[0], n, "runtime.memclrNoHeapPointers"))
		return fr
	}
	// github.com/petermattis/goid (under go-deadlock and others) reads
	// the goroutine id from the runtime's g in assembly.
	tab["github.com/petermattis/goid.Get"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(int64(fr.g.id)))
		return fr
	}
	tab["runtime.typehash"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		t := m.typeAt(args[0])
		c, ok := args[1].r.(*value)
		if !ok || c == nil {
			unsupported("runtime.typehash of a pointer that is not to interpreted memory")
		}
		set(fr, dst, value{n: m.valueHash(t, *c, args[2].n)})
		return fr
	}
	tab["runtime.throw"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.fatal(args[0].str(), "")
		return nil
	}
	tab["runtime.cputicks"] = nanotime
	tab["runtime.noescape"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, args[0])
		return fr
	}
	// Terminal checks (logrus, isatty) ask the OS about a descriptor
	// through an ioctl, a raw system call mcheck does not make: the
	// program's output is never a terminal under mcheck.
	notTTY := func(m *Machine, fr *frame, args []value, dst int) *frame {
		errno := m.prog.ssa.ImportedPackage("syscall")
		if errno == nil {
			unsupported("an ioctl without package syscall loaded")
		}
		rt := m.prog.rtypeOf(errno.Type("Errno").Type())
		set(fr, dst, m.tuple2(value{}, value{r: &iface{t: rt, v: value{n: uint64(syscall.ENOTTY)}}}))
		return fr
	}
	tab["golang.org/x/sys/unix.IoctlGetTermios"] = notTTY
	tab["golang.org/x/sys/unix.IoctlGetWinsize"] = notTTY
	tab["runtime.strhash"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		c, ok := args[0].r.(*value)
		if !ok || c == nil {
			throwPanic(nilDeref())
		}
		s, ok := c.r.(string)
		if !ok && c.r != nil {
			unsupported("runtime.strhash of a pointer that is not a *string")
		}
		set(fr, dst, value{n: m.hashBytes(args[1].n, s)})
		return fr
	}
	tab["maps.clone"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
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
	return tab
}

// framesIter is the state of a runtime.Frames.
type framesIter struct{ pcs []uintptr }

// nextFrame returns the runtime.Frame of it's next pc, as a native
// struct value.
func (m *Machine) nextFrame(it *framesIter) value {
	fv := newNativeFrame()
	if len(it.pcs) == 0 {
		return value{r: fv}
	}
	pc := it.pcs[0]
	it.pcs = it.pcs[1:]
	if i := m.pcLookup(pc); i >= 0 {
		info := m.lk.pcs[i]
		fv.FieldByName("PC").SetUint(uint64(pc - 1))
		fv.FieldByName("Function").SetString(info.name)
		fv.FieldByName("File").SetString(info.file)
		fv.FieldByName("Line").SetInt(int64(info.line))
		fv.FieldByName("Entry").SetUint(uint64(m.funcEntry(&info)))
	}
	return value{r: fv}
}

// funcEntry is the fake entry pc of info's function: the pc of its
// first entry in the table.
func (m *Machine) funcEntry(info *pcInfo) uintptr {
	for i, p := range m.lk.pcs {
		if p.fn == info.fn && p.name == info.name {
			return pcBase + pcStep*uintptr(i)
		}
	}
	return 0
}

// funcForPC returns runtime.FuncForPC(pc): a cell holding the pcInfo
// (which the *runtime.Func models read), or nil. A pc may also be what
// reflect.Value.Pointer gave for an interpreted func value.
func (m *Machine) funcForPC(pc uintptr) value {
	i := m.pcLookup(pc)
	if i < 0 {
		for x, a := range m.addrs {
			if cl, ok := x.(*closure); ok && a == pc && cl.fn != nil {
				i = m.pcIndexOfFunc(cl.fn)
				break
			}
		}
	}
	if i < 0 {
		return value{}
	}
	if m.lk.funcs == nil {
		m.lk.funcs = map[int]*value{}
	}
	c := m.lk.funcs[i]
	if c == nil {
		info := m.lk.pcs[i]
		c = &value{r: &info}
		m.lk.funcs[i] = c
	}
	return value{r: c}
}

// pcIndexOfFunc returns the table index of fn's entry (its declaration).
func (m *Machine) pcIndexOfFunc(fn *function) int {
	pc := m.pcFor(pcKey{fn: fn, pc: -1}, func() pcInfo {
		info := pcInfo{fn: fn, name: runtimeName(fn)}
		if fn.ssa != nil && fn.ssa.Pos().IsValid() {
			ps := m.prog.fset.Position(fn.ssa.Pos())
			info.file, info.line = ps.Filename, ps.Line
		}
		return info
	})
	return m.pcLookup(pc)
}

// hashBytes is a deterministic stand-in for the runtime's memhash and
// strhash (FNV-1a over the seed and the bytes; the native hashes are
// seeded per process, so no program may depend on their values).
func (m *Machine) hashBytes(seed uint64, s string) uint64 {
	h := uint64(14695981039346656037) ^ seed
	for i := range len(s) {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// linknames maps each interpreted package to its //go:linkname
// directives (local name -> target "importpath.name").
type linknames struct {
	once sync.Once
	m    map[*types.Package]map[string]string
}

// linkTarget returns the target of fn's //go:linkname directive, or "".
func (p *Program) linkTarget(fn *ssa.Function) string {
	if fn.Pkg == nil || fn.Signature.Recv() != nil {
		return ""
	}
	p.links.once.Do(func() {
		p.links.m = map[*types.Package]map[string]string{}
		packages.Visit(p.pkgs, nil, func(lp *packages.Package) {
			if lp.Types == nil || !p.interp[lp.Types] {
				return
			}
			for _, f := range lp.Syntax {
				for _, cg := range f.Comments {
					for _, c := range cg.List {
						local, target, ok := parseLinkname(c)
						if !ok {
							continue
						}
						if p.links.m[lp.Types] == nil {
							p.links.m[lp.Types] = map[string]string{}
						}
						p.links.m[lp.Types][local] = target
					}
				}
			}
		})
	})
	return p.links.m[fn.Pkg.Pkg][fn.Name()]
}

// parseLinkname parses "//go:linkname local target".
func parseLinkname(c *ast.Comment) (local, target string, ok bool) {
	rest, ok := strings.CutPrefix(c.Text, "//go:linkname ")
	if !ok {
		return "", "", false
	}
	f := strings.Fields(rest)
	if len(f) != 2 {
		return "", "", false
	}
	return f[0], f[1], true
}

// declPos is where fn is declared, as file:line.
func (p *Program) declPos(fn *ssa.Function) string {
	pos := fn.Pos()
	if !pos.IsValid() {
		return "an unknown position"
	}
	ps := p.fset.Position(pos)
	return fmt.Sprintf("%s:%d", ps.Filename, ps.Line)
}

// newNativeFrame returns a zero runtime.Frame, addressable.
func newNativeFrame() reflect.Value {
	return reflect.New(reflect.TypeFor[goruntime.Frame]()).Elem()
}

// copyInts copies src into the interpreted slice out, as copy does, and
// returns how many it copied.
func copyInts[T uintptr | byte](out []value, src []T) int {
	n := min(len(out), len(src))
	for i := range n {
		out[i] = value{n: uint64(src[i])}
	}
	return n
}
