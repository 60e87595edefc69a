package ssainterp

import (
	"bytes"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// Package initialisation once per program. Every execution used to run
// the initialisation of every package it interprets, and for a test of
// real code that was most of an execution: a test that imports testify
// ran 50 µs of initialisation for 10 µs of its own, a program that
// imports net/http 0.9 ms (docs/interp-speed.md). An initialisation is
// deterministic but for what an execution can tell apart: map iteration
// order, goroutines, timers, output, the environment. So the first
// execution of a program runs its main (or test) package's
// initialisation once more, alone, on a machine of its own
// (initSnap.take). If that run touched nothing but memory (one
// goroutine, no draw on the seeded generator, no output, no timer, no
// model state kept beside memory, no native value that may change:
// initClean, discovery.native), the memory reachable from the package
// variables is kept, the snapshot, and every execution, the first
// included, starts from a copy of it instead of running the
// initialisation (restore). An initialisation that did anything else
// runs in every execution, as before, and -mcheck.v says why
// (Program.InitReport).
//
// Each execution gets memory of its own. The copy keeps every alias (a
// pointer into an array or to a field or a variable, two slices of one
// array, a map keyed by pointers, a cycle), and the execution is charged
// the steps, instructions and bytes the initialisation took, so that
// limits and runtime.MemStats see what they saw. The memory is cut into
// parts that share nothing, and an execution copies a part when a
// function that names one of its variables first runs (setGlobals), so
// that it pays for what it may reach, not for every table of net/http.
//
// All executions, replays included, take the same path: the snapshot is
// made on a machine of its own before the first execution restores it,
// so an execution's schedule never depends on whether it was the first.
// Config.InitEachExecution turns it off (TestInitSnapshot compares).

// initSnap is a program's snapshot of one initialisation (by its init
// function), or why it has none.
type initSnap struct {
	mu   sync.Mutex
	done bool   // made or refused for good
	why  string // the reason it was refused ("" if made)
	plan *heapPlan

	ctx initContext // what the initialisation could read of its execution's setting

	steps, ops      int64
	memUsed, allocs uint64
	nextChan        int
	now             int64
	clockReads      int
	gClockReads     int
	regexpCalls     map[regexpSite]int
	pcs             []pcInfo // the fake program counters it handed out (linkname.go)
	pcIdx           map[pcKey]int
}

// InitSnapshot says whether the executions of the program's main
// package (or test package) pkg start from a snapshot of its
// initialisation, and if not, why; "" if no execution has asked yet.
func (p *Program) InitSnapshot(pkg string) (used bool, why string) {
	sp := p.packageByPath(pkg)
	if sp == nil || sp.Func("init") == nil {
		return false, ""
	}
	v, ok := p.inits.Load(p.funcOf(sp.Func("init")))
	if !ok {
		return false, ""
	}
	return v.(*initSnap).state()
}

// InitReport says, for -mcheck.v, how the executions so far initialised
// their packages ("" if none has).
func (p *Program) InitReport() string {
	var out []string
	p.inits.Range(func(k, v any) bool {
		pkg := k.(*function).name
		pkg = pkg[:strings.LastIndexByte(pkg, '.')]
		switch used, why := v.(*initSnap).state(); {
		case used:
			out = append(out, pkg+": every execution starts from a copy of it")
		case why != "":
			out = append(out, pkg+": it runs in every execution: "+why)
		}
		return true
	})
	if len(out) == 0 {
		return ""
	}
	slices.Sort(out)
	return "package initialisation of " + strings.Join(out, "; ")
}

func (s *initSnap) state() (used bool, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done && s.why == "", s.why
}

// initContext is what of an execution's setting other than memory an
// initialisation can read: a snapshot serves only executions of the same.
type initContext struct {
	args           string // os.Args, NUL-separated
	short, verbose bool   // testing.Short and testing.Verbose
	testing        bool   // testing.Testing
}

func (m *Machine) initContext() initContext {
	f := m.prog.flags()
	return initContext{strings.Join(m.prog.osArgs, "\x00"), f.Short, f.Verbose, m.testRoot != nil}
}

// runInit is the first op of an execution's main goroutine: it restores
// the snapshot of initFn's initialisation, or calls initFn.
func (m *Machine) runInit(fr *frame, initFn *function) *frame {
	if initFn != nil && !m.cfg.InitEachExecution {
		if s := m.prog.initSnapshot(m, initFn); s != nil {
			s.restore(m, fr.g)
			return fr
		}
	}
	m.setPresets()
	return m.callFunc(fr, initFn, nil, -1)
}

// initSnapshot returns the snapshot of initFn's initialisation, making it
// on the first call, or nil if there is none.
func (p *Program) initSnapshot(m *Machine, initFn *function) *initSnap {
	v, _ := p.inits.LoadOrStore(initFn, &initSnap{})
	s := v.(*initSnap)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.done {
		why, final := s.take(m, initFn)
		s.done, s.why = final, why
		if !final {
			return nil
		}
	}
	if s.why != "" || s.ctx != m.initContext() {
		return nil
	}
	return s
}

// take runs initFn alone on a machine of its own configured as m and
// keeps the memory it leaves. It returns why it could not ("" if it
// could), and whether that is for good (a run cut short by the
// deadline is tried again by the next execution).
func (s *initSnap) take(m *Machine, initFn *function) (why string, final bool) {
	p := m.prog
	cfg := m.cfg
	cfg.Stdout, cfg.Stderr, cfg.Choose, cfg.Trace, cfg.Hosted, cfg.Fingerprints = nil, nil, nil, false, nil, false
	cfg.InitEachExecution = true
	im := p.NewMachine(cfg)
	defer im.closeOutputs() // not Release: the snapshot is made of its memory
	if m.testRoot != nil {
		im.testRoot = &testState{name: m.testRoot.name} // testing.Testing()
	}
	var rng0 []byte
	rng0, _ = im.pcg.MarshalBinary()
	reached := false
	var ops0 int64 // the ops counted before initFn's
	boot := im.synthetic("runtime.doInit", 0, initFn.posAt(0), []op{
		func(fr *frame) *frame { ops0 = im.ops; return im.callFunc(fr, initFn, nil, -1) },
		func(fr *frame) *frame { reached = true; im.ops -= ops0 + 1; im.exit(0); return nil },
	})
	im.setPresets()
	im.protect(func() { im.spawn(boot, nil, 0) })
	for !im.exited {
		g := im.pick()
		if g == nil {
			why := im.initClean()
			if why == "" {
				why = "blocks"
			}
			return "its initialisation " + why, true
		}
		im.protect(func() { im.Step(g) })
	}
	if im.interrupted != "" {
		return "its initialisation was interrupted", false
	}
	if !reached || im.fault != nil || im.panicked || im.fatalMsg != "" || im.limit != "" {
		return "its initialisation fails", true
	}
	var files [2]unsafe.Pointer // the machine's own os.Stdout and os.Stderr
	for i, o := range im.outs {
		if o.w != nil {
			files[i] = unsafe.Pointer(o.w)
		}
	}
	im.closeOutputs()
	rng1, _ := im.pcg.MarshalBinary()
	if !bytes.Equal(rng0, rng1) {
		return "its initialisation draws on the seeded generator (a map iterated, a select)", true
	}
	if why := im.initClean(); why != "" {
		return "its initialisation " + why, true
	}
	g := im.gs[0]
	// The memory reachable from the package variables, copied once into
	// memory of the snapshot's own (the machine's is let go), and the
	// plan of that copy, from which every execution copies.
	src, err := discover(p, snapSource{im.globals, im.stdCells, files, im.uns.hints})
	if err != nil {
		return "its initialisation leaves " + err.Error(), true
	}
	own := make([]value, len(im.globals))
	cells, hints := src.copyAll(own)
	if s.plan, err = discover(p, snapSource{own, cells, [2]unsafe.Pointer{}, hints}); err != nil {
		panic(&internalFault{msg: "init snapshot: " + err.Error()})
	}
	s.steps, s.ops, s.memUsed, s.allocs = im.steps, im.ops, im.memUsed-goroutineBytes, im.allocs
	s.nextChan, s.now, s.clockReads, s.gClockReads = im.nextChan, im.now, im.clockReads, g.clockReads
	s.regexpCalls = im.regexpCalls
	s.pcs, s.pcIdx = im.lk.pcs, im.lk.pcIdx
	s.ctx = m.initContext()
	return "", true
}

// initClean returns what, other than memory reachable from the package
// variables, the initialisation that ran on m changed ("" if nothing):
// a snapshot of memory would not restore it.
func (m *Machine) initClean() string {
	switch {
	case len(m.gs) != 1:
		return "starts goroutines"
	case len(m.timers) != 0 || len(m.bubbles) != 0 || m.slept:
		return "starts timers or sleeps"
	case m.outBuf.Len() != 0 || m.errBuf.Len() != 0:
		return "writes output"
	case m.watch || len(m.shadows) != 0 || len(m.cellShadows) != 0 || len(m.syncClocks) != 0 || len(m.bigArrays) != 0:
		return "leaves race detector state"
	case len(m.pipes) != 0 || len(m.rawReads) != 0:
		return "opens pipes"
	// The models' state beside memory, and the machine's own variables
	// other than os.Stdout and os.Stderr: none may have been made but
	// a sync.Pool's items, which are not kept (Go's collector may empty
	// a pool at any time: a copy starts as after two collections), the
	// program counters handed out and the types of cells (kept).
	case len(m.addrs) != 0:
		return "takes the address of a value through reflection"
	case !zeroBesides(m.modelState, "pools"):
		return "hands channels to native code"
	case !reflect.ValueOf(m.front).IsZero():
		return "changes the environment or reads standard input"
	case m.lk.rnd != nil || m.lk.cryptoReader != nil:
		return "reads random numbers"
	case !zeroBesides(m.lk, "pcs", "pcIdx"):
		return "calls runtime.FuncForPC"
	case m.uns.regions != nil:
		return "allocates an array in host memory (of 64 Ki numbers or more)"
	case !zeroBesides(m.uns, "hints"):
		return "uses unsafe memory (addresses of cells, type words)"
	case len(m.testLog) != 0 || m.failedAt != "" || len(m.helpers) != 0 || m.memStatsAt != "":
		return "uses the test's state"
	case m.gs[0].panic != nil || m.gs[0].nested != 0:
		return "panics"
	}
	return ""
}

// zeroBesides reports whether the struct x is zero but for the named
// fields.
func zeroBesides(x any, fields ...string) bool {
	v := reflect.ValueOf(x)
	for i := range v.NumField() {
		if !v.Field(i).IsZero() && !slices.Contains(fields, v.Type().Field(i).Name) {
			return false
		}
	}
	return true
}

// restore gives m, whose main goroutine g has just started, the memory
// and the counters that the initialisation left.
func (s *initSnap) restore(m *Machine, g *goroutine) {
	s.plan.start(m.globals, m)
	m.steps += s.steps
	m.ops += s.ops
	m.memUsed += s.memUsed
	m.allocs += s.allocs
	m.setStepCheck()
	if m.memUsed > m.memLimit {
		m.outOfMemory()
	}
	m.nextChan = s.nextChan
	m.now, m.clockReads, g.clockReads = s.now, s.clockReads, s.gClockReads
	if len(s.regexpCalls) != 0 {
		m.regexpCalls = maps.Clone(s.regexpCalls)
	}
	if len(s.pcs) != 0 {
		m.lk.pcs, m.lk.pcIdx = slices.Clone(s.pcs), maps.Clone(s.pcIdx)
	}
}
