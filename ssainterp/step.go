package ssainterp

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// The step API: an external scheduler (package sched) drives a Machine
// one visible operation at a time. Start prepares an execution, Enabled
// lists the goroutines that can move, StepID moves one of them past its
// pending visible operation to its next one, and Done and Finish end it.

// Start prepares an execution of mainPkg's initialisation and main
// function on the main goroutine, without running anything.
func (m *Machine) Start(mainPkg string) error {
	boot, err := m.prog.mainRunner(mainPkg)
	if err != nil {
		return err
	}
	m.protect(func() { m.spawn(boot, nil, token.NoPos) })
	if m.fault != nil {
		return m.fault
	}
	return nil
}

// mainRunner returns the function of the main goroutine of package
// mainPkg (runtime.main): its initialisation, then its main function,
// then the exit. It is made once per program.
func (p *Program) mainRunner(mainPkg string) (*function, error) {
	key := runnerKey{mainPkg, ""}
	if r, ok := p.runners.Load(key); ok {
		return r.(*function), nil
	}
	pkg := p.packageByPath(mainPkg)
	if pkg == nil {
		return nil, fmt.Errorf("no package %s", mainPkg)
	}
	mainFn := pkg.Func("main")
	if mainFn == nil {
		return nil, fmt.Errorf("package %s has no main function", mainPkg)
	}
	initFn := p.funcOf(pkg.Func("init"))
	main := p.funcOf(mainFn)
	boot := &function{prog: p, name: "runtime.main"}
	boot.code = []op{
		func(fr *frame) *frame { return fr.g.m.runInit(fr, initFn) },
		func(fr *frame) *frame { return fr.g.m.callFunc(fr, main, nil, -1) },
		func(fr *frame) *frame { fr.g.m.exit(0); return nil },
	}
	boot.once.Do(func() {})
	r, _ := p.runners.LoadOrStore(key, boot)
	return r.(*function), nil
}

// Goroutine describes one goroutine of an execution.
type Goroutine struct {
	ID      int
	Done    bool
	Enabled bool         // it can move now
	Wait    WaitReason   // the visible operation it is stopped before, as a fact (WaitNone: none)
	Op      string       // the same in words, for reports ("chan send", "sync.Mutex.Lock"), or "run"
	Pos     string       // file:line of that operation
	Func    string       // the function it is in
	Created string       // file:line of the go statement ("" for the main goroutine)
	Stack   string       // its frames, innermost first, as in a goroutine dump
	Frames  []TraceFrame // the same frames, as facts
	// HarnessWait says it is the goroutine of a Harness's driver,
	// waiting for the goroutines it started (Wait is WaitHarness; Op
	// names the wait by the Harness's caller).
	HarnessWait bool
}

// A TraceFrame is a frame of a goroutine as its dump shows it.
type TraceFrame struct {
	Func string // as a traceback names it: "example.com/bank.(*Account).Deposit(...)"
	Pkg  string // the path of its function's package ("" for none)
	File string // the position of the frame ("" and 0 when it has none)
	Line int
}

// Goroutine returns the description of goroutine id.
func (m *Machine) Goroutine(id int) Goroutine {
	g := m.gs[id-1]
	d := Goroutine{ID: id, Done: g.state == gDone, Enabled: g.state != gDone && m.enabled(g)}
	d.Wait = m.Wait(id)
	d.Op, d.Pos = m.Next(id)
	if g.top != nil {
		d.Func = g.top.fn.goName()
		d.Stack = m.goroutineTrace(g)
		d.Frames = m.traceFrames(g)
	}
	d.HarnessWait = d.Wait == WaitHarness
	if at := netCaller(g); at != nil && !d.Enabled && !d.Done {
		// Parked in the network model: described as Go's dump does ("IO
		// wait"), at the call into package net.
		d.Wait, d.Op = WaitIO, WaitIO.String()
		d.Pos, d.Func = m.prog.shortPos(at.fn.posAt(at.pc-1)), at.fn.goName()
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

// shortPos formats pos as base file name and line. A strategy may ask at
// every step (Next), so each position is formatted once (Program.short:
// a cache that only grows, as sync.Map is made for).
func (p *Program) shortPos(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	if s, ok := p.short.Load(pos); ok {
		return s.(string)
	}
	ps := p.fset.Position(pos)
	s := filepath.Base(ps.Filename) + ":" + strconv.Itoa(ps.Line)
	p.short.Store(pos, s)
	return s
}

// NumGoroutines returns how many goroutines the execution has created.
func (m *Machine) NumGoroutines() int { return len(m.gs) }

// Enabled returns the ids of the goroutines that can move, in order.
func (m *Machine) Enabled() []int { return m.AppendEnabled(nil) }

// AppendEnabled appends the ids of Enabled to ids and returns the
// result: a scheduler that asks at every step reuses its buffer.
func (m *Machine) AppendEnabled(ids []int) []int {
	en := m.enabledSet()
	if len(en.volatile) == 0 {
		return append(ids, en.ids...)
	}
	// Merge the volatile goroutines that can move now into ids, in
	// order.
	k := 0
	for _, g := range en.volatile {
		if g.pending.ready.ready(g) {
			for ; k < len(en.ids) && en.ids[k] < g.id; k++ {
				ids = append(ids, en.ids[k])
			}
			ids = append(ids, g.id)
		}
	}
	return append(ids, en.ids[k:]...)
}

// An enabledSet is the goroutines that can move, kept from one step to
// the next: a scheduler asks at every step, and a scan of every
// goroutine made the step linear in their number (62% of the time of
// 100 goroutines that take turns at a mutex, docs/interp-speed.md).
//
// A goroutine's readiness changes when an operation changes the object
// it waits for, a goroutine starts or finishes, or the clock fires
// timers. Machine.readyEpoch counts those changes (visible counts every
// operation other than a load or store that goes ahead, and every
// goroutine that stops before one it may not be able to perform or
// that puts it in a channel's queue); a scan is made again when it has
// moved. Between two, only loads and stores ran, each by a goroutine
// that could move and that stopped before an operation it can perform,
// so the set is the same. The readiness of a few operations depends on
// more than their objects (a sleep on the clock, a Harness's wait on
// every goroutine, a WaitGroup's on its generation): those goroutines
// are the set's volatile ones, asked at every call. A program with
// synctest bubbles is scanned at every call (wakeBubbles changes
// goroutines after the step). CheckEnabled compares the set with a scan.
type enabledSet struct {
	valid    bool
	epoch    uint64       // Machine.readyEpoch at the scan
	ids      []int        // goroutines that can move and are not volatile, ascending
	volatile []*goroutine // goroutines before an operation of volatile readiness, ascending
}

// enabledSet returns m's enabled set, scanning again if it may have
// changed.
func (m *Machine) enabledSet() *enabledSet {
	en := &m.en
	if en.valid && en.epoch == m.readyEpoch && m.bubbles == nil {
		return en
	}
	en.ids, en.volatile = en.ids[:0], en.volatile[:0]
	for _, g := range m.live {
		switch g.state {
		case gRunnable:
			en.ids = append(en.ids, g.id)
		case gPending:
			switch r := g.pending.ready.(type) {
			case nil:
				en.ids = append(en.ids, g.id)
			case *lockReady, *rlockReady, *sendReady, *recvReady, *selCases, never:
				// Readiness of channels and mutexes, which change only
				// in operations that move readyEpoch.
				if r.ready(g) {
					en.ids = append(en.ids, g.id)
				}
			default:
				en.volatile = append(en.volatile, g)
			}
		}
	}
	en.valid, en.epoch = true, m.readyEpoch
	return en
}

// CheckEnabled compares the goroutines that can move, as the scheduler
// is told (AppendEnabled, kept from step to step), with a scan of every
// goroutine, and reports a difference (a test's check of enabledSet).
func (m *Machine) CheckEnabled() error {
	kept := m.AppendEnabled(nil)
	var scan []int
	for _, g := range m.live {
		if m.enabled(g) {
			scan = append(scan, g.id)
		}
	}
	if !slices.Equal(kept, scan) {
		return fmt.Errorf("enabled goroutines kept %v, scanned %v", kept, scan)
	}
	return nil
}

// CanMove reports whether goroutine id is enabled (see Enabled).
func (m *Machine) CanMove(id int) bool { return m.enabled(m.gs[id-1]) }

// Blocked returns the ids of goroutines that have not finished and cannot
// move.
func (m *Machine) Blocked() []int { return m.AppendBlocked(nil) }

// AppendBlocked appends the ids of Blocked to ids and returns the result.
func (m *Machine) AppendBlocked(ids []int) []int {
	for _, g := range m.live {
		if !m.enabled(g) {
			ids = append(ids, g.id)
		}
	}
	return ids
}

// NumLive is how many goroutines have not finished.
func (m *Machine) NumLive() int { return len(m.live) }

// NumBlocked is len(m.Blocked()), without making the list (heuristics
// ask it at every step).
func (m *Machine) NumBlocked() int {
	en := m.enabledSet()
	n := len(m.live) - len(en.ids)
	for _, g := range en.volatile {
		if g.pending.ready.ready(g) {
			n--
		}
	}
	return n
}

// Access describes what the pending operation of a goroutine touches,
// for partial-order reduction: two operations are dependent when they
// touch a common object and are not both reads.
type Access struct {
	Objects []any // channels, sync objects, memory; nil: touches nothing shared
	Read    bool  // a load of memory (loads commute with loads)
	All     bool  // depends on every operation (the clock firing a timer)
}

// Dependent reports whether two operations may not commute.
func (a Access) Dependent(b Access) bool {
	if a.All || b.All {
		return true
	}
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
func (m *Machine) PendingAccess(id int) Access { return m.AppendPendingAccess(id, nil) }

// AppendPendingAccess is PendingAccess with the objects appended to objs,
// which the result's Objects then share: a scheduler that looks at every
// goroutine at every step and keeps only renamed copies passes a buffer
// of its own.
func (m *Machine) AppendPendingAccess(id int, objs []any) Access {
	g := m.gs[id-1]
	if g.state != gPending {
		return Access{}
	}
	d := &g.pending
	switch {
	case d.kind == opMem:
		return Access{Objects: appendMemObjects(objs, d.addr), Read: !d.write}
	case len(d.sudogs) > 0:
		for _, s := range d.sudogs {
			objs = append(objs, s.ch)
		}
		return Access{Objects: objs}
	case d.obj != nil:
		return Access{Objects: append(objs, d.obj)}
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
	// The goroutines created so far, and those of them not done: the
	// done ones need no more (a test that ran 100,000 tasks has as many).
	mix(uint64(len(m.gs)))
	for _, g := range m.live {
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
	return g.state == gPending && g.pending.kind == opModel && g.pending.wait == WaitGosched
}

// StepID moves goroutine id past its pending visible operation to its
// next one (see Step). The goroutine must be enabled.
func (m *Machine) StepID(id int) {
	g := m.gs[id-1]
	m.protect(func() { m.Step(g) })
}

// AdvanceClock moves the virtual clock to the next timer or sleep
// deadline and fires what is due; it reports false when nothing is
// pending. A scheduler may call it at any choice point (see time.go).
func (m *Machine) AdvanceClock() bool {
	ok := false
	m.protect(func() { ok = m.advanceClock(false) })
	return ok
}

// WakeClock is AdvanceClock for a scheduler that has no goroutine to
// run: it moves the clock to the next deadline that can wake one (a
// sleep, an AfterFunc, a timer channel a goroutine is blocked on),
// firing every timer due by then, and reports false when none can: the
// program is deadlocked, as Go reports it, whatever timers are pending.
func (m *Machine) WakeClock() bool {
	ok := false
	m.protect(func() { ok = m.advanceClock(true) })
	return ok
}

// NextTimer describes what the clock would fire next ("the 5ms timer
// (time.After at main.go:14)") and where it was set ("main.go:14"); ok
// is false when no timer or sleep is pending.
func (m *Machine) NextTimer() (desc, pos string, ok bool) {
	_, t, sleeper, ok := m.nextDeadline(false)
	if !ok {
		return "", "", false
	}
	desc, pos = m.describeTimer(t, sleeper)
	return desc, pos, true
}

// NextTimerSite is the position NextTimer formats, unformatted (a
// strategy may ask at every step).
func (m *Machine) NextTimerSite() (pos token.Pos, ok bool) {
	_, t, sleeper, ok := m.nextDeadline(false)
	switch {
	case !ok:
		return token.NoPos, false
	case t != nil:
		return t.pos, true
	}
	return sleeper.pending.pos, true
}

// FireDueTimers fires the timers whose deadline the clock has already
// reached (reading the clock in a busy-wait moves it), without moving
// the clock.
func (m *Machine) FireDueTimers() {
	for _, t := range m.timers {
		if t.bubble == nil && t.active && t.when <= m.now {
			m.protect(m.fireTimers)
			return
		}
	}
}

// Now returns the virtual clock: nanoseconds since the fixed epoch.
func (m *Machine) Now() int64 { return m.now }

// WaitsOnLock reports whether goroutine id is stopped at the acquisition
// of a sync.Mutex or RWMutex.
func (m *Machine) WaitsOnLock(id int) bool {
	g := m.gs[id-1]
	if g.state != gPending {
		return false
	}
	switch g.pending.wait {
	case WaitMutexLock, WaitRWMutexLock, WaitRWMutexRLock:
		return true
	}
	return false
}

// WaitsOnTimer reports whether goroutine id, blocked, waits for the
// clock: in a sleep, or to receive from an active timer's or ticker's
// channel. Such a goroutine is not blocked forever.
func (m *Machine) WaitsOnTimer(id int) bool { return m.waitsOnTimer(m.gs[id-1]) }

// Done reports whether the execution has ended (the program exited, a
// fatal error or a fault of the interpreter ended it).
func (m *Machine) Done() bool { return m.exited }

// Finish ends the execution: it flushes output and returns the result.
// A program still running (the scheduler stopped it) ends as it is.
func (m *Machine) Finish() Result {
	m.closeOutputs()
	m.releaseRegions()
	res := Result{ExitCode: m.exitCode, Steps: m.steps, Deadlock: m.fatalMsg == deadlockMsg, Limit: m.limit, Ops: m.ops, Interrupted: m.interrupted}
	if failed, _ := m.Panicked(); m.memStatsAt != "" && m.fault == nil && m.race == nil &&
		(failed || m.testRoot != nil && m.testRoot.failed || m.exitCode != 0 && !res.Deadlock) {
		m.fault = &internalFault{msg: "unsupported: the program failed after it read runtime.ReadMemStats at " + m.memStatsAt +
			", whose counts are mcheck's accounting of the interpreted program, not those of the program as compiled: the failure may be mcheck's, and is not judged"}
	}
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

// PanicInfo returns the panic or fatal error that ended the execution
// (as Panicked reports it), or nil.
func (m *Machine) PanicInfo() *Panic {
	if m.panicked {
		return m.panicInfo
	}
	if m.fatalMsg != "" && m.fatalMsg != deadlockMsg {
		return &Panic{Fatal: m.fatalMsg}
	}
	return nil
}

// Next says what goroutine id is stopped before and where, as
// Goroutine's Op and Pos do, without describing its stack.
func (m *Machine) Next(id int) (op, pos string) {
	op, at := m.NextSite(id)
	return op, m.prog.shortPos(at)
}

// NextSite is Next with the position unformatted (token.NoPos if none):
// a strategy that asks at every step keys what it learns by the site,
// and formats each position once (ShortPos).
func (m *Machine) NextSite(id int) (op string, pos token.Pos) {
	g := m.gs[id-1]
	op = "run"
	if g.state == gPending {
		op, pos = g.pending.reason(), g.pending.pos
	}
	if !pos.IsValid() && g.top != nil {
		pos = g.top.fn.pos0()
	}
	return op, pos
}

// ShortPos formats pos as Next does: base file name and line ("" for
// token.NoPos).
func (m *Machine) ShortPos(pos token.Pos) string { return m.prog.shortPos(pos) }

// PendingOp is the visible operation a goroutine is stopped at, cheaply
// described for a scheduler that watches many steps (the fair phase of
// package sched).
type PendingOp struct {
	Wait   WaitReason // as Goroutine.Wait
	What   string     // as Goroutine.Op
	Pos    token.Pos  // where
	Writes bool       // it may change shared state: anything but a load, an atomic load, a yield or a sleep
	// State hashes the goroutine's control state and the scalar contents
	// of its registers: equal consecutive cycles of (goroutine, PendingOp)
	// mean the goroutines loop without changing what they hold (heap
	// contents are left out; writes to shared memory are Writes).
	State uint64
}

// Pending describes goroutine id's pending operation ("running" with no
// position for a goroutine that has not stopped yet).
func (m *Machine) Pending(id int) PendingOp {
	g := m.gs[id-1]
	op := PendingOp{What: "running", Writes: true}
	if g.state == gPending {
		d := &g.pending
		op.Wait, op.What, op.Pos = d.wait, d.reason(), d.pos
		switch {
		case d.kind == opMem:
			op.Writes = d.write
		case d.wait == WaitGosched, d.wait == WaitSleep:
			op.Writes = false
		case d.wait == WaitAtomic:
			op.Writes = !m.atomicLoad(g)
		case d.kind == opSelect:
			// A select with no case ready (one with a default) changes
			// nothing: a spin on it is no progress.
			parks := len(d.sudogs) > 0 && d.sudogs[0].sel != nil && selectParks(d.sudogs, d.sudogs[0].sel.blocking)
			op.Writes = slices.ContainsFunc(d.sudogs, func(s *sudog) bool {
				return s.send && s.ch.canSend(g, parks) || !s.send && s.ch.canRecv(g, parks)
			})
		}
	}
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
	}
	for fr := g.top; fr != nil; fr = fr.caller {
		mix(uint64(uintptr(unsafe.Pointer(fr.fn))))
		mix(uint64(fr.pc))
		for _, r := range fr.regs {
			mix(r.n)
			mix(shallowHash(r.r))
		}
	}
	op.State = h
	return op
}

// shallowHash hashes what a register's reference word identifies: the
// contents of a short string, the identity of a pointer-like object.
func shallowHash(r any) uint64 {
	switch x := r.(type) {
	case nil:
		return 0
	case string:
		h := uint64(len(x))
		for i := 0; i < len(x) && i < 32; i++ {
			h = h*31 + uint64(x[i])
		}
		return h
	case *value:
		return uint64(uintptr(unsafe.Pointer(x)))
	case *chanV:
		return uint64(uintptr(unsafe.Pointer(x)))
	case *mapV:
		return uint64(uintptr(unsafe.Pointer(x)))
	case *closure:
		return uint64(uintptr(unsafe.Pointer(x)))
	case *iface:
		return uint64(uintptr(unsafe.Pointer(x))) ^ x.v.n
	case agg:
		h := uint64(len(x))
		for _, e := range x {
			h = h*1099511628211 ^ e.n
		}
		return h
	case []value:
		h := uint64(len(x))
		if len(x) > 0 {
			h ^= uint64(uintptr(unsafe.Pointer(&x[0])))
		}
		return h
	}
	return 1
}

// atomicLoad reports whether g is stopped at a load of sync/atomic (a
// Load function or method), which changes nothing.
func (m *Machine) atomicLoad(g *goroutine) bool {
	fr := g.top
	if fr == nil || fr.fn.ssa == nil {
		return false
	}
	i := fr.pc // a stopped goroutine's pc is back at the call
	if i < 0 || i >= len(fr.fn.instr) {
		return false
	}
	call, ok := fr.fn.instr[i].(ssa.CallInstruction)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil && call.Common().IsInvoke() {
		return strings.HasPrefix(call.Common().Method.Name(), "Load")
	}
	return callee != nil && strings.HasPrefix(callee.Name(), "Load")
}

// Finished returns how many goroutines have finished.
func (m *Machine) Finished() int { return m.finished }

// Position formats pos as base file name and line.
func (m *Machine) Position(pos token.Pos) string { return m.prog.shortPos(pos) }

// NextDeadline returns the earliest deadline of a pending timer or sleep
// on the virtual clock (see Now); ok is false when none is pending.
func (m *Machine) NextDeadline() (when int64, ok bool) {
	when, _, _, ok = m.nextDeadline(false)
	return when, ok
}
