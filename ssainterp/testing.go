package ssainterp

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
)

// A model of testing.T for interpreted tests. The *testing.T an
// interpreted test receives is a real, zero testing.T used as an identity;
// its methods (mostly those of the embedded testing.common, which is at
// offset 0, so &t.common == t) are modelled by name and keep their state
// here, per machine. The rules of the real package hold: Fatal, FailNow
// and Skip end the calling goroutine (runtime.Goexit), Cleanup functions
// run last-in first-out when the test returns (after its subtests, which
// run on their own goroutine while the parent waits in t.Run, or, if they
// call t.Parallel, after the parent's function returned, all at the same
// time), t.Context's context
// is cancelled just before them, and a Log after the test has completed
// panics. testing.Short, Verbose and t.Deadline answer from the flags the
// front end set (Program.SetTestFlags), t.Setenv changes the execution's
// own environment (environ.go) and restores it by a cleanup, and
// t.TempDir makes real directories that are removed after the test (or
// when the execution ends, however it ends).

// testState is the state of one (sub)test.
type testState struct {
	name     string
	t        value // the *testing.T of a test that StartTest started
	failed   bool
	skipped  bool
	done     bool
	cleanups []cleanup
	parent   *testState

	parallel     bool // t.Parallel was called
	denyParallel bool // t.Setenv was called: t.Parallel panics
	pausing      bool // in t.Parallel, waiting for the parent's function to return
	// bodyDone is set when the test function returned: its parallel
	// subtests, paused in t.Parallel, run then, and the test waits for
	// them before its cleanups, as testing's tRunner does.
	bodyDone     bool
	parallelSubs []*testState
	// t.Context: the context, its cancel function until the cleanups
	// start, and whether they have started (a context asked for then is
	// cancelled already).
	ctx, cancel    value
	cleanupStarted bool
	tempDir        string // parent of the directories t.TempDir made
	tempSeq        int
	artifactDir    string
	output         *testOutput // t.Output's writer, made on first use
}

// testOutput is t.Output's writer: complete lines go to the test's log.
type testOutput struct {
	m       *Machine
	ts      *testState
	partial []byte
}

func (w *testOutput) Write(p []byte) (int, error) {
	if w.ts.done {
		panic("Write called after " + w.ts.name + " has completed")
	}
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		w.m.logTest(w.ts, string(w.partial[:i]))
		w.partial = w.partial[i+1:]
	}
	return len(p), nil
}

// cleanup is a function registered with t.Cleanup (cl), or one the model
// registered (host: restore the environment, remove a directory).
type cleanup struct {
	cl   *closure
	host func()
}

// TestFlags are go test's flags as interpreted tests see them.
type TestFlags struct {
	Short   bool // testing.Short
	Verbose bool // testing.Verbose
	// Timeout is the time left until go test's -timeout deadline when
	// the exploration starts; t.Deadline answers the virtual time that
	// far from the start of each execution, or ok=false if Timeout is 0
	// (no deadline, as mcheck test has).
	Timeout time.Duration
}

// SetTestFlags sets the flags interpreted tests of p see (by default
// none: Short and Verbose false, no deadline). The front ends set them
// from go test's own flags or from mcheck test's.
func (p *Program) SetTestFlags(f TestFlags) { p.testFlags.Store(&f) }

func (p *Program) flags() TestFlags {
	if f := p.testFlags.Load(); f != nil {
		return *f
	}
	return TestFlags{}
}

// frontState is what an execution holds outside interpreted memory: its
// environment (environ.go), its standard input (stdin.go), and the
// directories t.TempDir made.
type frontState struct {
	env       *environ
	stdin     *value
	stdinFile *os.File
	tempDirs  []string
}

// releaseFront closes the standard input and removes the temporary
// directories that cleanups did not (an execution cut short).
func (m *Machine) releaseFront() {
	if f := m.front.stdinFile; f != nil {
		f.Close()
		m.front.stdinFile = nil
	}
	for _, d := range m.front.tempDirs {
		os.RemoveAll(d)
	}
	m.front.tempDirs = nil
}

// TestOutcome is what an interpreted test reported.
type TestOutcome struct {
	Ran     bool     // the test function returned (or ended by FailNow/Skip)
	Failed  bool     // t.Error, t.Fatal or a failed subtest
	Skipped bool     // t.Skip
	Log     []string // every message, "file.go:12: text", in order
	// FailedAt is where t.Fail or t.FailNow first failed the test, as
	// "t.Fail() at file.go:12" (the first caller not marked with
	// t.Helper), for a failure with no message of its own.
	FailedAt string
}

// StartTest prepares an execution of the test function testName of
// package pkg (a test variant's ID or path): package initialisation, then
// the test with a modelled *testing.T, then its cleanups. When the test
// has returned the execution goes on until every goroutine has finished
// or blocked; goroutines left blocked then are leaks.
func (m *Machine) StartTest(pkg, testName string) error {
	boot, err := m.prog.testRunner(pkg, testName)
	if err != nil {
		return err
	}
	tv := m.spareTestT
	if !tv.IsValid() {
		tv = reflect.New(reflect.TypeFor[testing.T]())
	}
	m.spareTestT = reflect.Value{}
	ts := &testState{name: testName, t: value{r: tv}}
	if m.tests == nil {
		m.tests = map[uintptr]*testState{}
	}
	m.tests[tv.Pointer()] = ts
	m.testRoot = ts
	m.protect(func() {
		g := m.spawn(boot, nil, token.NoPos)
		g.testState = ts
	})
	if m.fault != nil {
		return m.fault
	}
	return nil
}

// runnerKey names the function a first goroutine runs: the test function
// test of package pkg (StartTest), or its main function (test "": Start).
type runnerKey struct{ pkg, test string }

// testRunner returns the function of the goroutine that runs test
// function name of package pkg (testing.tRunner): package
// initialisation, the test with the *testing.T of its goroutine's
// testState, then its cleanups. It is made once per program: the state of
// an execution's test is its runner goroutine's (testState).
func (p *Program) testRunner(pkg, name string) (*function, error) {
	key := runnerKey{pkg, name}
	if r, ok := p.runners.Load(key); ok {
		return r.(*function), nil
	}
	sp := p.packageByPath(pkg)
	if sp == nil {
		return nil, fmt.Errorf("no package %s", pkg)
	}
	fn := sp.Func(name)
	if fn == nil {
		return nil, fmt.Errorf("package %s has no function %s", pkg, name)
	}
	if sig := fn.Signature; sig.Params().Len() != 1 || sig.Params().At(0).Type().String() != "*testing.T" {
		return nil, fmt.Errorf("%s is not a test function: want func(*testing.T), have %s", name, sig)
	}
	initFn := p.funcOf(sp.Func("init"))
	test := p.funcOf(fn)
	boot := &function{prog: p, name: "testing.tRunner", runner: true}
	boot.code = []op{
		func(fr *frame) *frame { return fr.g.m.runInit(fr, initFn) },
		func(fr *frame) *frame {
			m := fr.g.m
			args, mark := m.pushArgs(1)
			args[0] = fr.g.testState.t
			next := m.callFunc(fr, test, args, -1)
			m.popArgs(mark)
			return next
		},
		func(fr *frame) *frame { return fr.g.m.waitParallel(fr, fr.g.testState) },
		func(fr *frame) *frame { return fr.g.m.runCleanups(fr, fr.g.testState) },
		func(fr *frame) *frame {
			m := fr.g.m
			fr.g.testState.done = true
			m.testDone = true
			return fr
		},
		func(fr *frame) *frame { return fr.g.m.ret(fr, value{}) },
	}
	boot.pos = make([]token.Pos, len(boot.code))
	boot.once.Do(func() {})
	r, _ := p.runners.LoadOrStore(key, boot)
	return r.(*function), nil
}

// waitParallel runs when the function of test ts has returned: it lets
// the subtests paused in t.Parallel go and waits until they are done,
// then the cleanups run. (Like testing, the function's deferred calls
// have run by then: a parallel subtest outlives them.)
func (m *Machine) waitParallel(fr *frame, ts *testState) *frame {
	// A Goexit (FailNow) ended the test function: the runner goes on.
	fr.g.panic = nil
	if !ts.bodyDone {
		ts.bodyDone = true
		m.syncWith(fr.g, &ts.bodyDone) // the function happens before the paused subtests
	}
	if len(ts.parallelSubs) == 0 {
		return fr
	}
	allDone := func(*goroutine) bool {
		for _, s := range ts.parallelSubs {
			if !s.done {
				return false
			}
		}
		return true
	}
	if !m.visible(fr, &opDesc{kind: opModel, obj: ts, wait: WaitTestSubtests, ready: readyFunc(allDone)}) {
		return stop(fr)
	}
	for _, s := range ts.parallelSubs {
		m.syncWith(fr.g, s)
	}
	return fr
}

// runCleanups cancels t.Context's context, then calls the next cleanup
// of ts (last registered first); it comes back to the same op until
// there are none.
func (m *Machine) runCleanups(fr *frame, ts *testState) *frame {
	// A Goexit (FailNow) ended the test function: the runner goes on.
	fr.g.panic = nil
	ts.cleanupStarted = true
	if cancel, _ := ts.cancel.r.(*closure); cancel != nil {
		ts.cancel = value{}
		fr.pc--
		return m.callClosure(fr, cancel, nil, -1)
	}
	n := len(ts.cleanups)
	if n == 0 {
		if o := ts.output; o != nil && len(o.partial) > 0 {
			o.Write([]byte("\n")) // the end of the test flushes t.Output
		}
		return fr
	}
	c := ts.cleanups[n-1]
	ts.cleanups = ts.cleanups[:n-1]
	fr.pc-- // come back for the rest
	if c.host != nil {
		c.host()
		return fr
	}
	return m.callClosure(fr, c.cl, nil, -1)
}

// TestDone reports whether the test function (and its cleanups) returned.
func (m *Machine) TestDone() bool { return m.testDone }

// TestOutcome returns what the interpreted test reported.
func (m *Machine) TestOutcome() TestOutcome {
	o := TestOutcome{Ran: m.testDone, Log: m.testLog, FailedAt: m.failedAt}
	if ts := m.testRoot; ts != nil {
		o.Failed, o.Skipped = ts.failed, ts.skipped
	}
	return o
}

// testOf finds the test state of a *testing.T or *testing.common.
func (m *Machine) testOf(v value) *testState {
	rv, ok := v.r.(reflect.Value)
	if !ok || rv.IsNil() {
		throwPanic(nilDeref())
	}
	ts := m.tests[rv.Pointer()]
	if ts == nil {
		unsupported("a testing.T that mcheck did not create")
	}
	return ts
}

// testMessage formats the message of t.Error/Log (Sprintln) or
// t.Errorf/Logf (Sprintf) and prefixes the caller's file:line.
func (m *Machine) testMessage(fr *frame, format bool, args []value) string {
	name := "Sprintln"
	if format {
		name = "Sprintf"
	}
	sprint := m.prog.funcOf(m.prog.ssa.ImportedPackage("fmt").Func(name))
	s := m.callNative(fr, sprint, args).str()
	if !format {
		s = strings.TrimSuffix(s, "\n")
	}
	return m.callerPos(fr) + ": " + s
}

// callerPos returns the position of the call in fr, or, as testing
// does, of the first caller not marked with t.Helper.
func (m *Machine) callerPos(fr *frame) string {
	at := fr
	for at.caller != nil && m.helpers[at.fn] && at.caller.fn.ssa != nil {
		at = at.caller
	}
	return m.prog.shortPos(at.fn.posAt(at.pc - 1))
}

func (f *function) posAt(pc int) token.Pos {
	if pc >= 0 && pc < len(f.pos) {
		return f.pos[pc]
	}
	return token.NoPos
}

// logTest records a message of test ts. As testing's destination has
// it, the log of a test that has completed goes to its first parent
// still running; with none, it panics. The top-level test of an
// execution has no parent here: go test's root runner counts as done,
// as it is when the test is the last one run (or of its -count).
//
// testing writes a test's done flag without the test's mutex, between
// two critical sections of its runner, and reads it under the mutex to
// choose where a log goes, so a log races with the end only inside that
// window. mcheck's runner crosses it in one step: a log comes before or
// after the end and is never reported as a race (Go's race detector
// reports one rarely, when a goroutine logs exactly as its test ends).
func (m *Machine) logTest(ts *testState, msg string) {
	dst := ts
	for dst != nil && dst.done {
		dst = dst.parent
	}
	if dst == nil {
		throwPanic(m.stringPanic(fmt.Sprintf("Log in goroutine after %s has completed: %s", ts.name, msg)))
	}
	m.testLog = append(m.testLog, msg)
}

func (ts *testState) fail() {
	for t := ts; t != nil; t = t.parent {
		t.failed = true
	}
}

// testingModels returns the models of package testing's T methods.
func testingModels() modelTable {
	tab := modelTable{}
	type tmodel func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame
	def := func(names string, f tmodel) {
		for _, name := range strings.Fields(names) {
			tab[name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
				return f(m, fr, m.testOf(args[0]), args[1:], dst, name)
			}
		}
	}
	goexit := func(m *Machine, fr *frame) *frame {
		m.startPanic(fr.g, value{}, true)
		return fr.g.top
	}
	def("(*testing.common).Log (*testing.common).Logf (*testing.common).Error (*testing.common).Errorf (*testing.common).Fatal (*testing.common).Fatalf (*testing.common).Skip (*testing.common).Skipf",
		func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
			m.logTest(ts, m.testMessage(fr, strings.HasSuffix(name, "f"), args))
			switch {
			case strings.Contains(name, "Error"):
				ts.fail()
			case strings.Contains(name, "Fatal"):
				ts.fail()
				return goexit(m, fr)
			case strings.Contains(name, "Skip"):
				ts.skipped = true
				return goexit(m, fr)
			}
			return fr
		})
	def("(*testing.common).Fail (*testing.common).FailNow", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		ts.fail()
		if m.failedAt == "" {
			m.failedAt = "t." + strings.TrimPrefix(name, "(*testing.common).") + "() at " + m.callerPos(fr)
		}
		if strings.HasSuffix(name, "FailNow") {
			return goexit(m, fr)
		}
		return fr
	})
	def("(*testing.common).SkipNow", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		ts.skipped = true
		return goexit(m, fr)
	})
	def("(*testing.common).Failed", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		set(fr, dst, boolVal(ts.failed))
		return fr
	})
	def("(*testing.common).Skipped", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		set(fr, dst, boolVal(ts.skipped))
		return fr
	})
	def("(*testing.common).Name", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		set(fr, dst, strVal(ts.name))
		return fr
	})
	def("(*testing.common).Helper", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		if m.helpers == nil {
			m.helpers = map[*function]bool{}
		}
		m.helpers[fr.fn] = true
		return fr
	})
	// t.Parallel: a top-level test is the only one of its execution,
	// so it goes on at once; a subtest releases its parent's t.Run and
	// pauses until the parent's function has returned, then runs at the
	// same time as its parallel siblings (waitParallel). testing's
	// misuse panics stand.
	def("(*testing.T).Parallel", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		p := ts.parent
		if !ts.pausing {
			switch {
			case ts.parallel:
				throwPanic(m.stringPanic("testing: t.Parallel called multiple times"))
			case ts.denyParallel:
				throwPanic(m.stringPanic(parallelConflict))
			}
			ts.parallel = true
			if p == nil {
				return fr // the only top-level test of the execution
			}
			// Release the parent's t.Run; wait for its function to
			// return.
			ts.pausing = true
			p.parallelSubs = append(p.parallelSubs, ts)
			// As testing's signal on t.Run's channel: what the subtest
			// did before t.Parallel happens before t.Run returns.
			m.syncRelease(fr.g, ts, true)
		}
		if !m.visible(fr, &opDesc{kind: opModel, obj: &p.bodyDone, wait: WaitTestParallel, ready: readyFunc(func(*goroutine) bool { return p.bodyDone })}) {
			return stop(fr)
		}
		ts.pausing = false
		return fr
	})
	def("(*testing.common).Cleanup", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		if cl, ok := args[0].r.(*closure); ok {
			ts.cleanups = append(ts.cleanups, cleanup{cl: cl})
		}
		return fr
	})
	def("(*testing.common).TempDir", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		dir, err := m.tempDir(ts)
		if err != nil {
			m.logTest(ts, m.prog.shortPos(fr.fn.posAt(fr.pc-1))+": TempDir: "+err.Error())
			ts.fail()
			return goexit(m, fr)
		}
		set(fr, dst, strVal(dir))
		return fr
	})
	setenv := func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		if name == "(*testing.T).Setenv" {
			for t := ts; t != nil; t = t.parent {
				if t.parallel {
					throwPanic(m.stringPanic(parallelConflict))
				}
			}
			ts.denyParallel = true
		}
		key, val := args[0].str(), args[1].str()
		prev, had := m.lookupEnv(key)
		if err := m.setenv(key, val); err != nil {
			m.logTest(ts, m.prog.shortPos(fr.fn.posAt(fr.pc-1))+": cannot set environment variable: "+os.NewSyscallError("setenv", err).Error())
			ts.fail()
			return goexit(m, fr)
		}
		ts.cleanups = append(ts.cleanups, cleanup{host: func() {
			if had {
				m.setenv(key, prev)
			} else {
				m.unsetenv(key)
			}
		}})
		return fr
	}
	def("(*testing.T).Setenv (*testing.common).Setenv", setenv)
	def("(*testing.common).Context", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		if ts.ctx.r != nil {
			set(fr, dst, ts.ctx)
			return fr
		}
		return m.callFunc(fr, m.testContext(ts, fr.fn.posAt(fr.pc-1)), nil, dst)
	})
	// ArtifactDir without go test's -artifacts flag: a temporary
	// directory, the same one for every call of a test.
	def("(*testing.common).ArtifactDir", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		if ts.artifactDir == "" {
			dir, err := m.tempDir(ts)
			if err != nil {
				m.logTest(ts, m.prog.shortPos(fr.fn.posAt(fr.pc-1))+": ArtifactDir: "+err.Error())
				ts.fail()
				return goexit(m, fr)
			}
			ts.artifactDir = dir
		}
		set(fr, dst, strVal(ts.artifactDir))
		return fr
	})
	def("(*testing.common).Attr", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		key, val := args[0].str(), args[1].str()
		at := m.prog.shortPos(fr.fn.posAt(fr.pc-1)) + ": "
		switch {
		case strings.ContainsFunc(key, unicode.IsSpace):
			m.logTest(ts, at+fmt.Sprintf("disallowed whitespace in attribute key %q", key))
			ts.fail()
		case strings.ContainsAny(val, "\r\n"):
			m.logTest(ts, at+fmt.Sprintf("disallowed newline in attribute value %q", val))
			ts.fail()
		}
		return fr
	})
	// Output: a writer whose lines go to the test's log, as t.Log's do
	// but without a position.
	def("(*testing.common).Output", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		if ts.done {
			throwPanic(m.stringPanic("Output called after " + ts.name + " has completed"))
		}
		if ts.output == nil {
			ts.output = &testOutput{m: m, ts: ts}
		}
		rv := reflect.ValueOf(ts.output)
		set(fr, dst, value{r: &iface{t: m.prog.nativeRtype(rv.Type()), v: value{r: rv}}})
		return fr
	})
	tab["testing.AllocsPerRun"] = refuseAllocCounts("testing.AllocsPerRun")
	// Natively it would time the interpreter and count its allocations,
	// running the function on a host goroutine of its own, where a fault
	// or a limit would end the mcheck process.
	tab["testing.Benchmark"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		unsupported("testing.Benchmark: benchmark results are the timings and allocation counts of the program as compiled, which mcheck does not model (natively they would measure the interpreter)")
		return nil
	}
	// Chdir would change the working directory of the whole mcheck
	// process, which executions share.
	def("(*testing.T).Chdir (*testing.common).Chdir", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		unsupported("t.Chdir: the working directory is the mcheck process's, shared by all executions")
		return fr
	})
	def("(*testing.T).Deadline", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		d := m.prog.flags().Timeout
		if d <= 0 {
			var zero time.Time
			set(fr, dst, m.tuple2(value{r: reflect.ValueOf(&zero).Elem()}, boolVal(false)))
			return fr
		}
		set(fr, dst, m.tuple2(m.timeValue(int64(d)), boolVal(true)))
		return fr
	})
	tab["testing.Short"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(m.prog.flags().Short))
		return fr
	}
	tab["testing.Verbose"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(m.prog.flags().Verbose))
		return fr
	}
	tab["testing.Testing"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, boolVal(m.testRoot != nil))
		return fr
	}
	def("(*testing.T).Run", func(m *Machine, fr *frame, ts *testState, args []value, dst int, name string) *frame {
		g := fr.g
		if sub := g.waitingFor; sub != nil {
			// Resumed: the subtest has finished.
			// A parallel subtest releases t.Run when it calls
			// t.Parallel and runs on after the parent's function.
			if !m.visible(fr, &opDesc{kind: opModel, obj: sub, wait: WaitTestRun, ready: readyFunc(func(*goroutine) bool { return sub.done || sub.pausing })}) {
				return stop(fr)
			}
			g.waitingFor = nil
			set(fr, dst, boolVal(!sub.failed))
			return fr
		}
		f, _ := args[1].r.(*closure)
		sub := &testState{name: ts.name + "/" + rewriteSubtestName(args[0].str()), parent: ts}
		tv := reflect.New(reflect.TypeFor[testing.T]())
		m.tests[tv.Pointer()] = sub
		runner := &function{prog: m.prog, name: "testing.tRunner", runner: true}
		runner.code = []op{
			func(fr *frame) *frame { return m.callClosure(fr, f, []value{{r: tv}}, -1) },
			func(fr *frame) *frame { return m.waitParallel(fr, sub) },
			func(fr *frame) *frame { return m.runCleanups(fr, sub) },
			func(fr *frame) *frame { sub.done = true; m.syncWith(fr.g, sub); return fr },
			func(fr *frame) *frame { return m.ret(fr, value{}) },
		}
		runner.pos = make([]token.Pos, len(runner.code))
		runner.once.Do(func() {})
		m.spawnFrom(fr.g, runner, nil, fr.fn.posAt(fr.pc-1)).subtest = true
		g.waitingFor = sub
		fr.pc--
		return fr // the next op is this call again, now waiting
	})
	return tab
}

// parallelConflict is testing's panic for t.Parallel with t.Setenv.
const parallelConflict = `testing: test using t.Setenv, t.Chdir, or cryptotest.SetGlobalRandom can not use t.Parallel`

// tempDir is t.TempDir: as testing does, the first call makes a parent
// directory named after the test, removed by a cleanup, and each call a
// numbered directory in it.
func (m *Machine) tempDir(ts *testState) (string, error) {
	if ts.tempDir == "" {
		pattern := ts.name[:min(len(ts.name), 64)]
		pattern = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsNumber(r) || strings.ContainsRune("!#$%&()+,-.=@^_{}~ ", r) {
				return r
			}
			return -1
		}, pattern)
		dir, err := os.MkdirTemp("", pattern)
		if err != nil {
			return "", err
		}
		ts.tempDir = dir
		m.front.tempDirs = append(m.front.tempDirs, dir)
		ts.cleanups = append(ts.cleanups, cleanup{host: func() {
			os.RemoveAll(dir)
			m.front.tempDirs = slices.DeleteFunc(m.front.tempDirs, func(d string) bool { return d == dir })
		}})
	}
	ts.tempSeq++
	dir := fmt.Sprintf("%s%c%03d", ts.tempDir, os.PathSeparator, ts.tempSeq)
	return dir, os.Mkdir(dir, 0o777)
}

// testContext returns a function that makes t.Context's context,
// context.WithCancel(context.Background()), keeps it and its cancel
// function in ts and returns the context; made when the test first asks,
// so that tests that do not ask run no context code. Asked for once the
// cleanups have started, the context is cancelled already.
func (m *Machine) testContext(ts *testState, pos token.Pos) *function {
	pkg := m.prog.ssa.ImportedPackage("context")
	if pkg == nil || pkg.Func("Background") == nil || pkg.Func("WithCancel") == nil {
		unsupported("t.Context: package context is not loaded")
	}
	background, withCancel := m.prog.funcOf(pkg.Func("Background")), m.prog.funcOf(pkg.Func("WithCancel"))
	// The test package need not import context: its initialisation
	// (guarded, so it runs once) may not have run.
	initFn := m.prog.funcOf(pkg.Func("init"))
	return m.synthetic("testing.(*common).Context", 2, pos, []op{
		func(fr *frame) *frame { return m.callFunc(fr, initFn, nil, -1) },
		func(fr *frame) *frame { return m.callFunc(fr, background, nil, 0) },
		func(fr *frame) *frame { return m.callFunc(fr, withCancel, []value{fr.regs[0]}, 1) },
		func(fr *frame) *frame {
			res := fr.regs[1].r.(agg)
			if ts.ctx.r != nil {
				return fr // another goroutine of the test made it meanwhile
			}
			ts.ctx, ts.cancel = res[0], res[1]
			if ts.cleanupStarted {
				cancel := ts.cancel.r.(*closure)
				ts.cancel = value{}
				return m.callClosure(fr, cancel, nil, -1)
			}
			return fr
		},
		func(fr *frame) *frame { return m.ret(fr, ts.ctx) },
	})
}

// rewriteSubtestName spaces to underscores, as testing names subtests.
func rewriteSubtestName(s string) string { return strings.ReplaceAll(s, " ", "_") }
