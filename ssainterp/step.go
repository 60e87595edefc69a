package ssainterp

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"unsafe"
)

// The step API: an external scheduler (package sched) drives a Machine
// one visible operation at a time. Start prepares an execution, Enabled
// lists the goroutines that can move, StepID moves one of them past its
// pending visible operation to its next one, and Done and Finish end it.

// Start prepares an execution of mainPkg's initialisation and main
// function on the main goroutine, without running anything.
func (m *Machine) Start(mainPkg string) error {
	pkg := m.prog.packageByPath(mainPkg)
	if pkg == nil {
		return fmt.Errorf("no package %s", mainPkg)
	}
	mainFn := pkg.Func("main")
	if mainFn == nil {
		return fmt.Errorf("package %s has no main function", mainPkg)
	}
	initFn := m.prog.funcOf(pkg.Func("init"))
	main := m.prog.funcOf(mainFn)
	boot := &function{prog: m.prog, name: "runtime.main"}
	boot.code = []op{
		func(fr *frame) *frame { return m.callFunc(fr, initFn, nil, -1) },
		func(fr *frame) *frame { return m.callFunc(fr, main, nil, -1) },
		func(fr *frame) *frame { m.exit(0); return nil },
	}
	boot.once.Do(func() {})
	m.protect(func() { m.spawn(boot, nil, token.NoPos) })
	if m.fault != nil {
		return m.fault
	}
	return nil
}

// Goroutine describes one goroutine of an execution.
type Goroutine struct {
	ID      int
	Done    bool
	Enabled bool   // it can move now
	Op      string // the visible operation it is stopped before ("chan send", "sync.Mutex.Lock"), or "run"
	Pos     string // file:line of that operation
	Func    string // the function it is in
	Created string // file:line of the go statement ("" for the main goroutine)
	Stack   string // its frames, innermost first, as in a goroutine dump
}

// Goroutine returns the description of goroutine id.
func (m *Machine) Goroutine(id int) Goroutine {
	g := m.gs[id-1]
	d := Goroutine{ID: id, Done: g.state == gDone, Enabled: g.state != gDone && m.enabled(g), Op: "run"}
	if g.state == gPending {
		d.Op = g.pending.reason()
		d.Pos = m.prog.shortPos(g.pending.pos)
	}
	if g.top != nil {
		d.Func = g.top.fn.goName()
		if d.Pos == "" {
			d.Pos = m.prog.shortPos(g.top.fn.pos0())
		}
		d.Stack = m.goroutineTrace(g)
	}
	if g.created.IsValid() {
		d.Created = m.prog.shortPos(g.created)
	}
	return d
}

// goName is fn's name as Go's runtime prints it: package name, then
// closures as .func1, .func1.1 ("bank.TestTransfer.func1").
func (f *function) goName() string {
	if f.ssa == nil {
		return f.name
	}
	name := f.ssa.Name()
	if parts := strings.Split(name, "$"); len(parts) > 1 {
		name = parts[0] + ".func" + parts[1]
		for _, p := range parts[2:] {
			name += "." + p
		}
	}
	if recv := f.ssa.Signature.Recv(); recv != nil {
		t := types.TypeString(recv.Type(), func(*types.Package) string { return "" })
		if strings.HasPrefix(t, "*") {
			t = "(" + t + ")"
		}
		name = t + "." + name
	}
	if f.ssa.Pkg != nil {
		name = f.ssa.Pkg.Pkg.Name() + "." + name
	}
	return name
}

// pos0 is the position of the instruction a frame is at.
func (f *function) pos0() token.Pos {
	if len(f.pos) > 0 {
		return f.pos[0]
	}
	return token.NoPos
}

// shortPos formats pos as base file name and line.
func (p *Program) shortPos(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	ps := p.fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(ps.Filename), ps.Line)
}

// NumGoroutines returns how many goroutines the execution has created.
func (m *Machine) NumGoroutines() int { return len(m.gs) }

// Enabled returns the ids of the goroutines that can move, in order.
func (m *Machine) Enabled() []int {
	var ids []int
	for _, g := range m.gs {
		if g.state != gDone && m.enabled(g) {
			ids = append(ids, g.id)
		}
	}
	return ids
}

// Blocked returns the ids of goroutines that have not finished and cannot
// move.
func (m *Machine) Blocked() []int {
	var ids []int
	for _, g := range m.gs {
		if g.state != gDone && !m.enabled(g) {
			ids = append(ids, g.id)
		}
	}
	return ids
}

// Access describes what the pending operation of a goroutine touches,
// for partial-order reduction: two operations are dependent when they
// touch a common object and are not both reads.
type Access struct {
	Objects []any // channels, sync objects, memory; nil: touches nothing shared
	Read    bool  // a load of memory (loads commute with loads)
}

// Dependent reports whether two operations may not commute.
func (a Access) Dependent(b Access) bool {
	if a.Read && b.Read {
		return false
	}
	for _, x := range a.Objects {
		for _, y := range b.Objects {
			if x == y {
				return true
			}
		}
	}
	return false
}

// PendingAccess describes what goroutine id's pending visible operation
// touches. A goroutine with no pending operation (it will run local code
// up to its next one) touches nothing shared.
func (m *Machine) PendingAccess(id int) Access {
	g := m.gs[id-1]
	if g.state != gPending {
		return Access{}
	}
	d := &g.pending
	switch {
	case d.kind == opMem:
		return Access{Objects: []any{d.addr}, Read: !d.write}
	case len(d.sudogs) > 0:
		objs := make([]any, len(d.sudogs))
		for i, s := range d.sudogs {
			objs[i] = s.ch
		}
		return Access{Objects: objs}
	case d.obj != nil:
		return Access{Objects: []any{d.obj}}
	}
	return Access{}
}

// Fingerprint abstracts the state of the execution for counting distinct
// states: each goroutine's id, scheduling state and stack of (function,
// pc), and the virtual clock. It leaves out the heap, so two states that
// differ only in memory contents share a fingerprint: an abstraction for
// statistics, not for pruning.
func (m *Machine) Fingerprint() uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
	}
	for _, g := range m.gs {
		mix(uint64(g.id))
		mix(uint64(g.state))
		for fr := g.top; fr != nil; fr = fr.caller {
			mix(uint64(uintptr(unsafe.Pointer(fr.fn))))
			mix(uint64(fr.pc))
		}
	}
	mix(uint64(m.now))
	return h
}

// Yielding reports whether goroutine id is stopped at runtime.Gosched.
func (m *Machine) Yielding(id int) bool {
	g := m.gs[id-1]
	return g.state == gPending && g.pending.what == "runtime.Gosched"
}

// StepID moves goroutine id past its pending visible operation to its
// next one (see Step). The goroutine must be enabled.
func (m *Machine) StepID(id int) {
	g := m.gs[id-1]
	m.protect(func() { m.Step(g) })
}

// AdvanceClock moves the virtual clock to the next timer or sleep
// deadline; it reports false when nothing is pending.
func (m *Machine) AdvanceClock() bool { return m.advanceClock() }

// Done reports whether the execution has ended (the program exited, a
// fatal error or a fault of the interpreter ended it).
func (m *Machine) Done() bool { return m.exited }

// Finish ends the execution: it flushes output and returns the result.
// A program still running (the scheduler stopped it) ends as it is.
func (m *Machine) Finish() Result {
	m.closeOutputs()
	m.prog.putFrames(m)
	res := Result{ExitCode: m.exitCode, Steps: m.steps, Deadlock: m.fatalMsg == deadlockMsg, Limit: m.limit, Ops: m.ops}
	if m.fault != nil {
		res.Fault = m.fault
	}
	return res
}

// Deadlock ends the execution as Go's runtime does when every goroutine
// is blocked ("fatal error: all goroutines are asleep - deadlock!").
func (m *Machine) Deadlock() { m.deadlock() }

// Panicked reports whether the execution ended with an unrecovered panic
// (or a fatal error), and its message as printed.
func (m *Machine) Panicked() (bool, string) {
	if m.panicked {
		return true, m.panicMsg
	}
	if m.fatalMsg != "" && m.fatalMsg != deadlockMsg {
		return true, "fatal error: " + m.fatalMsg
	}
	return false, ""
}
