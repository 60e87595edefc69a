package ssainterp

import (
	"bytes"
	"fmt"
	"go/token"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
)

// Config controls one execution.
type Config struct {
	Stdout, Stderr io.Writer
	Args           []string // os.Args[1:] (Program.Run sets them: see SetArgs)
	Seed           uint64   // seeds map iteration order, math/rand, select
	// MaxSteps bounds the loop iterations a goroutine runs between two
	// scheduling points (one Step): a loop that makes no visible
	// operation cannot be cut by the scheduler, and past the bound it
	// ends the execution as a limit ("an infinite loop?"). A loop that
	// makes visible operations is the scheduler's to bound (its step
	// bound, the fair phase, a deadline). 0: unlimited.
	MaxSteps int64
	// MaxDepth bounds the call depth per goroutine (default 100000);
	// a deeper call ends the execution as an mcheck limit (IsLimit),
	// not as Go's stack overflow, which Go reaches only much deeper.
	MaxDepth int
	// MaxMemory bounds the bytes an execution may allocate, in the
	// interpreter's representation (default DefaultMaxMemory, 1 GiB;
	// see alloc.go for what is counted). Past it the execution ends as
	// an mcheck limit: "out of memory: execution allocated more than
	// 1 GiB; last allocation at file:line (function)".
	MaxMemory int64
	// Deadline, if set, interrupts the execution when the host's clock
	// passes it (a search's wall-time budget): the check runs every
	// hostCheckSteps scheduling steps and every deadlineLoopSteps loop
	// iterations, and the result says Interrupted.
	Deadline time.Time
	// CountOps counts executed instructions in Result.Ops: SSA
	// instructions other than φ (folded into jumps), including those
	// compiled into another op (fused or aliased, see compile); it
	// slows the dispatch loop a little.
	CountOps bool
	// SharedPoints makes loads and stores of memory that more than one
	// goroutine has touched visible operations (see memory.go).
	SharedPoints bool
	// Races checks memory accesses for data races; the first race ends
	// the execution (Machine.Race), unless RecordRaces is set, which
	// records every race (Machine.Races) and lets the execution go on.
	Races       bool
	RecordRaces bool
	// Fingerprints clears the registers of a frame reused from an
	// earlier call (or an earlier machine), so that StateHash, which
	// hashes every register, depends on the state alone and not on what
	// the frame held before. It costs a clear per call.
	Fingerprints bool
	// Choose, if set, decides among n alternatives (a select with
	// several ready cases); otherwise the seeded generator does.
	Choose func(n int) int
	// Trace is set for an execution that is replayed to be reported:
	// models record more (what the calls of a component returned).
	Trace bool
	// InitEachExecution runs the package initialisation in every
	// execution instead of starting from a snapshot of it (initsnap.go).
	InitEachExecution bool
	// Hosted is the host's state of this execution, for its hooks
	// (HookCall.Hosted; see hooks.go).
	Hosted any
}

// Machine is one execution of an interpreted program: its goroutines,
// globals, virtual clock and output. A Machine runs once; Release hands
// it on to the next execution (reuse.go).
//
// Its state is grouped by concern, each group a struct embedded here (so
// its fields read as the machine's: m.watch is m.raceState.watch):
//
//   - the interpreter core, the fields listed first: what the dispatch
//     loop, calls and allocation touch on every instruction. Each
//     goroutine's own state (its stack of frames, top; its scheduling
//     state and pending visible operation; its panic, vector clock and
//     test) lives in its *goroutine (below), found in gs.
//   - schedState: the goroutines, the virtual clock and timers, the
//     seeded choices: what Step and the schedulers see (step.go,
//     time.go, chan.go);
//   - endState: how and why the execution ended (errors.go, step.go);
//   - raceState: the race detector's shadow memory and clocks
//     (memory.go);
//   - ioState: standard output and error, io.Pipe (runtime.go, pipe.go);
//   - bridgeState: the native call in progress (bridge*.go);
//   - testingState: the tests of an interpreted test binary (testing.go);
//   - the harness a host's hook drives, harness (harness.go);
//   - the per-machine state of models: modelState (sync.Pool, reflect's
//     fake addresses, channels handed to native code), front (environment,
//     stdin, test resources: environ.go), lk (linkname.go), uns (unsafe.go).
type Machine struct {
	// The interpreter core (hot: keep it first and together).
	prog       *Program
	cfg        Config
	globals    []value
	cur        *goroutine   // the goroutine running (Step)
	steps      int64        // loop iterations (counted jumps)
	stepFrom   int64        // steps when the current Step began: the iterations since count against cfg.MaxSteps
	stepCheck  int64        // the step at which tick checks the bound and the deadline next (setStepCheck)
	ops        int64        // instructions executed, with cfg.CountOps
	memUsed    uint64       // bytes charged by alloc
	allocs     uint64       // calls of alloc (runtime.MemStats.Mallocs)
	memLimit   uint64       // cfg.MaxMemory
	stepped    uint32       // calls of Step, for checkHost
	clockMoves uint64       // the clock's moves: calls of fireTimersOf (chanClose)
	free       []*frame     // frames that have returned, for reuse
	framePools []*framePool // by function.pool: frames that have returned from a call of the function
	touched    []*frame     // frames of pooled functions that ran on this machine (handOnFrames)
	scratch    scratchArgs  // arguments of direct native calls
	argStack   []value      // arguments of calls in progress (pushArgs)
	pairRes    [2]value     // see pair

	schedState
	endState
	raceState
	ioState
	bridgeState
	testingState
	harness *harnessRun // the harness a host's hook drives (harness.go)
	modelState
	front frontState  // environment, stdin, test resources (environ.go, testing.go)
	lk    linkState   // linkname.go
	uns   unsafeState // unsafe.go

	fp *fingerprinter // StateHash's names and sums (fingerprint.go)

	snapPlan *heapPlan // the snapshot of the initialisation the globals are copied from (initsnap.go)

	// Storage reused across executions (reuse.go).
	arenas     machineArenas
	spareTestT reflect.Value           // a zero *testing.T for StartTest, from the released machine
	released   bool                    // by Release
	rawReads   map[*goroutine]*rawRead // reads inside RawConn.Read (netmodel.go)
}

// schedState is a machine's goroutines and time: what Step and the
// schedulers see.
type schedState struct {
	gs       []*goroutine // by id-1
	live     []*goroutine // those not done, in id order
	nextID   int
	finished int        // goroutines that have finished
	rng      *rand.Rand // seeded by cfg.Seed: map iteration order, select's choices
	pcg      *rand.PCG  // rng's source

	// readyEpoch counts the changes that may change whether a goroutine
	// other than the one running can move (enabledSet); en is the set
	// of those that can, as of the last scan.
	readyEpoch uint64
	en         enabledSet

	now        int64 // virtual clock, nanoseconds since the fixed epoch
	slept      bool  // a goroutine has called time.Sleep (nextDeadline looks for sleepers)
	clockReads int   // reads of the clock since a timer or sleep moved it (see time.go)
	timers     []*timer
	bubbles    []*bubble // synctest bubbles, by id-1 (synctest.go)
	nextChan   int       // ids of channels (and timers' channels)
}

// endState is how the execution ended, once exited is set.
type endState struct {
	exited    bool
	exitCode  int
	panicked  bool
	panicG    int // the goroutine whose panic ended the program
	fatalMsg  string
	panicMsg  string // the first line of a fatal panic's report
	panicInfo *Panic // the same, as facts
	fault     *internalFault
	limit     string // why the execution was cut short (step bound)
	// memStatsAt is where the program first read runtime.ReadMemStats
	// ("" if it has not): a failure after it is not judged (Finish).
	memStatsAt string
	// interrupted says where the execution was when Config.Deadline
	// passed.
	interrupted string
}

// raceState is the race detector's (memory.go): memory is tracked once
// a second goroutine exists.
type raceState struct {
	watch       bool               // memory is tracked (a second goroutine exists)
	firstOwner  int                // owner of memory that existed when tracking started
	shadows     map[any]*shadow    // of words other than cells (maps, channels, ...)
	cellShadows map[*value]*shadow // of cells (the commonest: a map keyed by pointer is faster)
	bigArrays   bigArrays          // large backing arrays: their owners, and their words' shadows, which are not in cellShadows (memory.go)
	lastBig     *bigArray          // the big array last found (bigArrayOf)
	syncClocks  map[any]*objClock  // the clocks of synchronisation objects (syncClock)
	race        *Race
	races       []*Race // with RecordRaces
}

// ioState is the program's standard output and error and its io.Pipes.
type ioState struct {
	stdout, stderr io.Writer
	outW, errW     lockedWriter // stdout and stderr, under outMu
	outMu          *sync.Mutex
	outBuf         bytes.Buffer // stdout when cfg.Stdout is nil
	errBuf         bytes.Buffer
	outs           [2]outPipe // os.Stdout and os.Stderr's pipes (runtime.go)
	stdCells       [2]*value
	pipes          map[*value]*pipeState // io.Pipe halves (pipe.go)
	regexpCalls    map[regexpSite]int    // regexp compilers' calls by site (regexp.go)
}

// bridgeState is the state of the native call in progress (bridge.go).
type bridgeState struct {
	pendingCopyBack []copyBack
	abort           any         // a fault or exit raised in a callback (see callNested)
	memo            *nativeMemo // pointers converted in the current native call (bridgememo.go)
}

// testingState is the testing.T state of an interpreted test run
// (testing.go).
type testingState struct {
	tests    map[uintptr]*testState // by the address of the *testing.T
	testRoot *testState
	testDone bool
	testLog  []string
	failedAt string             // TestOutcome.FailedAt
	helpers  map[*function]bool // functions that called t.Helper
}

// modelState is the per-machine state of models that is not a family's
// own struct.
type modelState struct {
	pools      map[*value]*poolState    // sync.Pool (sync.go)
	addrs      map[any]uintptr          // fake addresses reflect.Value.Pointer hands out
	chanTokens map[*chanV]reflect.Value // channels handed to native code (bridgevalue.go)
	chanOf     map[uintptr]*chanV       // and back
}

// Result is the outcome of running a program.
type Result struct {
	ExitCode int
	// Fault is set when the interpreter itself failed (a bug or an
	// unsupported construct), as opposed to the program failing.
	Fault error
	// Deadlock is set when the program ended because every goroutine was
	// blocked.
	Deadlock bool
	Steps    int64
	// Limit is set when a bound of mcheck's (loop steps, call depth,
	// memory) cut the execution short; Fault is then set too, an error
	// for which IsLimit holds.
	Limit string
	// Ops is the number of instructions executed, with Config.CountOps.
	Ops int64
	// Interrupted says where the execution was when Config.Deadline
	// passed ("" if it did not): it ended there, unfinished.
	Interrupted string
}

// gState is a goroutine's scheduling state.
type gState uint8

const (
	gRunnable gState = iota // has run-able code before its next visible op
	gPending                // stopped before a visible operation
	gDone
)

// goroutine is an interpreter-owned goroutine: a stack of frames, and
// everything else that is one goroutine's (the machine's schedState
// holds them all, in gs).
type goroutine struct {
	id      int
	m       *Machine
	created token.Pos  // the go statement
	parent  *goroutine // the goroutine that ran it (nil: the first, a timer's)
	creator *function  // the function of the go statement (nil: not a go statement: a subtest's, a timer's)
	subtest bool       // it runs a subtest (t.Run started it)
	harness bool       // it runs a Harness's driver or its calls (othersSettled)
	bubble  *bubble    // its synctest bubble (synctest.go), or nil

	// Its code: the stack of frames, from the running one (top).
	top       *frame
	depth     int      // frames on the stack, against cfg.MaxDepth
	nested    int      // > 0 while running a callback from native code
	sel       selCases // its select in progress (chan.go)
	nestedRes value    // result of a nested (callback) call
	panic     *panicRec

	// Scheduling: where it stopped and why (step.go).
	state      gState
	pending    opDesc // the visible operation it is stopped before
	granted    bool   // the scheduler chose it: its pending operation goes ahead
	stopClock  uint64 // Machine.clockMoves when it stopped before its pending operation (chanClose)
	wake       int64  // deadline of a pending sleep
	sleep      int64  // its duration (for reports)
	clockReads int    // reads of the clock since the last visible operation (see time.go)

	vc       vclock   // vector clock, when memory is tracked (race detector)
	raceHint [8]int32 // where its accesses were last remembered in shadows (checkRace)

	testState  *testState // the test a test runner goroutine runs
	waitingFor *testState // a subtest the goroutine waits for in t.Run
}

// tuple returns an n-value aggregate for the results of a call or a
// comma-ok operation, cut from the machine's value arena: tuples are many
// and short-lived (SSA only extracts from them, never stores one), so one
// allocation serves many, and the next machine reuses it. The arguments
// of deferred calls come from it too.
func (m *Machine) tuple(n int) agg {
	return m.arenas.values.slice(n, tupleSlab)[:n]
}

// tuple2 is the tuple (a, b).
func (m *Machine) tuple2(a, b value) value {
	t := m.tuple(2)
	t[0], t[1] = a, b
	return value{r: t}
}

const tupleSlab = 256

// pairMarker is the result of a direct native call with two results,
// which are in Machine.pairRes: a call whose results are only extracted
// moves them to their registers without building a tuple (boxing an agg
// in an interface allocates).
type pairMarker struct{}

// pair returns the results (a, b) of a direct native call.
func (m *Machine) pair(a, b value) value {
	m.pairRes = [2]value{a, b}
	return value{r: pairMarker{}}
}

// fastResult turns a direct native call's result into its value.
func (m *Machine) fastResult(v value) value {
	if _, ok := v.r.(pairMarker); ok {
		return m.tuple2(m.pairRes[0], m.pairRes[1])
	}
	return v
}

// NewMachine prepares an execution of prog.
func (p *Program) NewMachine(cfg Config) *Machine {
	if cfg.MaxDepth == 0 {
		cfg.MaxDepth = 100000
	}
	if cfg.MaxMemory <= 0 {
		cfg.MaxMemory = DefaultMaxMemory
	}
	m := reusedMachine(p)
	if m == nil {
		m = &Machine{}
	}
	m.prog, m.cfg, m.memLimit = p, cfg, uint64(cfg.MaxMemory)
	if m.pcg == nil {
		m.pcg = &rand.PCG{}
		m.rng = rand.New(m.pcg)
	}
	m.pcg.Seed(cfg.Seed, 0x6d636865636b)
	stdout, stderr := cfg.Stdout, cfg.Stderr
	if stdout == nil {
		stdout = &m.outBuf
	}
	if stderr == nil {
		stderr = &m.errBuf
	}
	// The output pipes are drained by host goroutines, so the writers
	// (often one and the same) are used under one lock.
	if m.outMu == nil {
		m.outMu = new(sync.Mutex)
	}
	m.outW, m.errW = lockedWriter{m.outMu, stdout}, lockedWriter{m.outMu, stderr}
	m.stdout, m.stderr = &m.outW, &m.errW
	if len(m.globals) != len(p.globalList) {
		m.globals = make([]value, len(p.globalList)) // zero, or zeroed lazily (zeroGlobals)
	}
	return m
}

// setPresets gives the variables with a value before initialisation
// that are not made lazily (embedded files, tables of slices: a few,
// where the program may have thousands of variables) their values, for
// an execution that runs the initialisation (runInit: one that starts
// from its snapshot gets them from there).
func (m *Machine) setPresets() {
	p := m.prog
	for g, e := range p.preset {
		if p.lazyPreset(g) == nil {
			m.globals[p.globalIndex[g]] = e.value(p)
		}
	}
}

// The zero value of a global whose type is a struct, an array or a
// native type is made when a frame of a function that names the global
// is made (newFrame), which is before any code can reach the global's
// memory: a program's packages have many such globals that an execution
// never touches (package sync's poolRaceHash, a [128]uint64, is 2 KB per
// execution). The globals of every other type start as value{}, their
// zero. Inv: a global that lazyZero says needs a zero value holds one, or
// value{} until then; it never goes back to value{} (stores copy into it).

// lazyZero returns rt if the zero value of a global of type rt is made
// lazily (not value{}), else nil.
func lazyZero(rt *rtype) *rtype {
	switch rt.kind {
	case kStruct, kArray, kNative:
		return rt
	}
	return nil
}

// zeroGlobals gives every global that has none yet its zero value (or
// its table, lazyPreset), and every part of the initialisation's snapshot
// not copied yet, for code that looks at all of them (the fingerprint).
func (m *Machine) zeroGlobals() {
	p := m.prog
	for i, lz := range p.lazyGlobals() {
		if _, ok := m.globals[i].r.(pendingGlobal); ok {
			m.materialize(int(m.globals[i].n)) // its part of the snapshot (initsnap.go)
		}
		if m.globals[i].r != nil {
			continue
		}
		if lz.table != nil {
			m.globals[i] = lz.table.value(p)
		} else if lz.zero != nil {
			m.globals[i] = lz.zero.zero()
		}
	}
}

// lazyGlobal is how a global that starts as value{} gets its value once
// code may reach it: from its table (lazyPreset), or as the zero value
// of zero (lazyZero), or neither (value{} is its zero).
type lazyGlobal struct {
	table preset
	zero  *rtype
}

// lazyGlobals returns, by global index, how each global gets its value,
// worked out once per program: zeroGlobals runs at every state hash.
func (p *Program) lazyGlobals() []lazyGlobal {
	p.lazyOnce.Do(func() {
		p.lazy = make([]lazyGlobal, len(p.globalList))
		for i, g := range p.globalList {
			if e := p.lazyPreset(g); e != nil {
				p.lazy[i].table = e
			} else {
				p.lazy[i].zero = lazyZero(p.rtypeOf(deref(g.Type())))
			}
		}
	})
	return p.lazy
}

func (m *Machine) writeStdout(s string) { m.write(0, m.stdout, s) }
func (m *Machine) writeStderr(s string) { m.write(1, m.stderr, s) }

// write writes to the output pipe once the program has one (so that the
// order of direct and native writes is kept), else to w.
func (m *Machine) write(i int, w io.Writer, s string) {
	if p := m.outs[i].w; p != nil {
		io.WriteString(p, s)
		return
	}
	io.WriteString(w, s)
}

// lockedWriter serialises writes to w.
// TeeOutput makes m write what the program prints on standard output
// and standard error (os.Stdout, os.Stderr, print and println, the log
// package, and the runtime's report of a panic or deadlock) to w as
// well, in the order it was written. Call it before the program runs
// (sched.Target.Start); w is used under m's output lock.
func (m *Machine) TeeOutput(w io.Writer) {
	m.outW.w = io.MultiWriter(m.outW.w, w)
	m.errW.w = io.MultiWriter(m.errW.w, w)
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// spawn creates a goroutine that will call fn with args.
func (m *Machine) spawn(fn *function, args []value, created token.Pos) *goroutine {
	// Charged without a check: spawn also runs outside the dispatch
	// loop (timers' AfterFunc); the next allocation checks the bound.
	m.memUsed += goroutineBytes
	m.nextID++
	g := m.arenas.goroutines.new(goroutineChunk)
	g.id, g.m, g.created, g.creator, g.subtest, g.harness = m.nextID, m, created, nil, false, false
	m.gs = append(m.gs, g)
	m.live = append(m.live, g)
	m.readyEpoch++
	fr := m.newFrame(fn, g)
	copy(fr.regs, args)
	g.top = fr
	return g
}

// spawnFrom creates, for goroutine parent, a goroutine that will call fn
// with args (a go statement at created): it belongs to parent's
// synctest bubble, and parent's past happens before it.
func (m *Machine) spawnFrom(parent *goroutine, fn *function, args []value, created token.Pos) *goroutine {
	g := m.spawn(fn, args, created)
	g.parent, g.bubble = parent, parent.bubble
	m.startTracking(parent, g)
	return g
}

// RunMain runs package main's init and main functions to completion under
// the simple deterministic scheduler: the current goroutine runs until it
// blocks, then the runnable goroutine with the lowest id.
func (m *Machine) RunMain(mainPkg string) Result {
	if err := m.Start(mainPkg); err != nil {
		return Result{ExitCode: 3, Fault: err}
	}
	return m.schedule()
}

// protect runs f, turning fatal errors and faults into the machine's state.
func (m *Machine) protect(f func()) {
	defer func() {
		if r := recover(); r != nil {
			switch x := r.(type) {
			case *exitSignal:
				m.exited = true
			case *internalFault:
				m.fault = x
				m.exited = true
				m.exitCode = 3
			default:
				m.fault = &internalFault{msg: fmt.Sprintf("internal error: %v\n%s", r, stackOf())}
				m.exited = true
				m.exitCode = 3
			}
		}
	}()
	f()
}

// exit ends the program with the given status.
func (m *Machine) exit(code int) {
	m.exitCode = code
	m.exited = true
	panic(&exitSignal{code})
}

// schedule is the simple scheduler: it runs until the program exits.
func (m *Machine) schedule() Result {
	for !m.exited {
		g := m.pick()
		if g == nil {
			if m.advanceClock(true) {
				continue
			}
			m.deadlock()
			break
		}
		m.protect(func() { m.Step(g) })
	}
	return m.Finish()
}

// pick chooses the goroutine to run next: the current one if it can go
// on, else the enabled goroutine with the lowest id.
func (m *Machine) pick() *goroutine {
	if g := m.cur; g != nil && g.state != gDone && m.enabled(g) {
		return g
	}
	for _, g := range m.live {
		if m.enabled(g) {
			return g
		}
	}
	return nil
}

// Step runs g: it performs g's pending visible operation (which must be
// enabled) and then runs g until it stops before its next visible
// operation, blocks, or finishes. It is the primitive a scheduler drives.
func (m *Machine) Step(g *goroutine) {
	m.cur, m.stepFrom = g, m.steps
	m.setStepCheck()
	if m.faultsOnUnmapped() {
		setPanicOnFault(true) // see mmaphost_linux.go
	}
	if m.stepped++; m.stepped%hostCheckSteps == 0 {
		m.checkHost()
		m.chargeRegionsSoon()
		if m.pastDeadline() {
			m.interrupt(g.top)
			return
		}
	}
	if g.state == gPending {
		g.granted = true
	}
	if g.pending.wait != WaitTimeNow {
		g.clockReads = 0
	}
	g.state = gRunnable
	m.runG(g)
	if g.top == nil && g.state != gDone {
		m.goroutineDone(g)
	}
	if g.state != gPending {
		m.readyEpoch++ // (finished, or cut short: not a case enabledSet follows)
	}
	if m.bubbles != nil {
		m.wakeBubbles()
	}
}

// goroutineDone marks g finished.
func (m *Machine) goroutineDone(g *goroutine) {
	if b := g.bubble; b != nil {
		m.syncRelease(g, b, true) // synctest.Test returns after it
		b.done = b.done || g == b.root
	}
	g.state = gDone
	g.top = nil
	if g.bubble == nil {
		// Nothing joins a finished goroutine's clock (its last
		// releases hold what it did), and a program that starts
		// goroutines without end must not keep one clock of the size
		// of their count for each.
		g.vc = nil
	}
	m.finished++
	m.readyEpoch++
	if i := slices.Index(m.live, g); i >= 0 {
		m.live = slices.Delete(m.live, i, i+1)
	}
}

const deadlockMsg = "all goroutines are asleep - deadlock!"

// deadlock ends the program as Go's runtime does when every goroutine is
// blocked.
func (m *Machine) deadlock() {
	var b strings.Builder
	b.WriteString("fatal error: " + deadlockMsg + "\n")
	for _, g := range m.gs {
		if g.state == gDone {
			continue
		}
		fmt.Fprintf(&b, "\ngoroutine %d [%s]:\n%s", g.id, g.pending.reason(), m.goroutineTrace(g))
	}
	m.writeStderr(b.String())
	m.exitCode = 2
	m.fatalMsg = deadlockMsg
	m.exited = true
}

// liveIDs returns the ids of goroutines that have not finished.
func (m *Machine) liveIDs() []int {
	ids := make([]int, len(m.live))
	for i, g := range m.live {
		ids[i] = g.id // in id order
	}
	return ids
}

// Output returns what the program wrote when no writers were configured.
func (m *Machine) Output() (stdout, stderr string) { return m.outBuf.String(), m.errBuf.String() }

// maxPooledFrames bounds the frames a finished machine hands on.
const maxPooledFrames = 256

// handOnFrames returns the released frames of machine m for the next
// machine (Release; an exploration runs thousands of machines, and
// allocating their frames anew was the largest share of its garbage):
// the free list, whose frames forget the machine's constants and
// globals, and the pools by function, whose frames keep their
// function's constants.
func (p *Program) handOnFrames(m *Machine) ([]*frame, []*framePool, []*frame) {
	// The registers of the frames that ran here must not keep this
	// machine's memory alive while the next one runs (see below).
	for _, fr := range m.touched {
		fr.touched = false
		if fn := fr.fn; fr.constsOf == fn {
			clear(fr.regs[:fn.cbase])
			clear(fr.regs[len(fr.regs):cap(fr.regs)])
			for _, gr := range fn.globals {
				fr.regs[gr.slot] = value{}
			}
		}
	}
	clear(m.touched[:cap(m.touched)])
	return p.handOnFree(m), m.framePools, m.touched[:0]
}

// handOnFree returns the free list of m for the next machine.
func (p *Program) handOnFree(m *Machine) []*frame {
	fs := m.free
	m.free = nil
	if len(fs) == 0 {
		return nil
	}
	fs = fs[:min(len(fs), maxPooledFrames)]
	// The array past the frames handed on still points at the frames
	// handed out, some of them on the stacks of goroutines this machine
	// left blocked: each would keep the machine alive, and through the
	// registers those frames kept from earlier machines, theirs (under
	// mcheck test, x/sync's semaphore tests grew the live heap without
	// bound).
	clear(fs[len(fs):cap(fs)])
	// Nor may their registers keep this machine's memory alive while
	// the next one runs: a test whose executions each make a big
	// allocation (a cache's buffers) held several of them at once.
	for _, fr := range fs {
		fr.constsOf = nil
		clear(fr.regs[:cap(fr.regs)])
	}
	return fs
}
