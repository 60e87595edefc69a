package heuristics

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// stack builds frames, outermost first, from (function, marker) pairs
// (see instr).
func stack(t testing.TB, pkg *ssa.Package, fm ...string) []sched.Frame {
	t.Helper()
	var fs []sched.Frame
	for i := 0; i < len(fm); i += 2 {
		f := fn(t, pkg, fm[i])
		fs = append(fs, sched.Frame{Fn: f, Instr: instr(t, f, fm[i+1])})
	}
	return fs
}

// pfsmOn is the PFSM estimate of the goal at marker from the frames fs
// (without an execution: the frames stand for a goroutine's stack).
func pfsmOn(tb *tables, fs []sched.Frame, goal Location) int {
	p := NewPFSM()
	p.t = tb
	p.see(fs)
	return clamp(p.unroll(tb.goal(goal), fs))
}

// fsmOn is the FSM estimate of the goal from the frames fs.
func fsmOn(tb *tables, fs []sched.Frame, goal Location) int {
	return tb.fsmEstimate(tb.goal(goal), fs)
}

// TestPFSMStackUnrolling: a goroutine stopped inside a callee reaches a
// goal in its caller after the return (e-FCA's rule in Sect. 3 of the
// seed).
func TestPFSMStackUnrolling(t *testing.T) {
	pkg, tb := load(t)
	goal := goalAt(t, "context:goal")
	// step: send, return (2 to the end); near resumes at the goal.
	fs := stack(t, pkg, "near", "#0.0", "step", "step:send")
	if got := pfsmOn(tb, fs, goal); got != 2 {
		t.Errorf("near→step: PFSM = %d, want 2", got)
	}
	// From far, the goal is reachable only through near: return from
	// step (2), far's jump, phi, <, if, store (5) to near(ch), then in
	// near the call of step (2) plus one for the call (Fig. 5 line 18).
	fs = stack(t, pkg, "far", "#0.0", "step", "step:send")
	if got := pfsmOn(tb, fs, goal); got != 10 {
		t.Errorf("far→step: PFSM = %d, want 10", got)
	}
	// Past the call of near (at far's return), the goal is behind:
	// unreachable.
	fs = stack(t, pkg, "far", "#3.2")
	if got := pfsmOn(tb, fs, goal); got != Unreachable {
		t.Errorf("far after near: PFSM = %d, want Unreachable", got)
	}
}

// TestPFSMContext: where calling context matters, PFSM (which unrolls
// the stack) tells apart two goroutines stopped at the same instruction
// that FSM (which returns to any caller) cannot: only the one called from
// near is 2 from the goal.
func TestPFSMContext(t *testing.T) {
	pkg, tb := load(t)
	goal := goalAt(t, "context:goal")
	nearStack := stack(t, pkg, "near", "#0.0", "step", "step:send")
	farStack := stack(t, pkg, "far", "#0.0", "step", "step:send")
	pn, pf := pfsmOn(tb, nearStack, goal), pfsmOn(tb, farStack, goal)
	fn, ff := fsmOn(tb, nearStack, goal), fsmOn(tb, farStack, goal)
	if fn != 2 || ff != 2 {
		t.Errorf("FSM: near %d, far %d; want 2 and 2 (step's return leads to near's return point whoever called)", fn, ff)
	}
	if pn != 2 || pf != 10 {
		t.Errorf("PFSM: near %d, far %d; want 2 and 10", pn, pf)
	}
	if pf <= ff {
		t.Errorf("PFSM %d should be more precise than FSM %d from far", pf, ff)
	}
}

// TestPFSMPolymorphic is the example of Rungta and Mercer 2009, Sect.
// 3.4 (Fig. 6): the
// goal is the panic in Y's cc; test calls the polymorphic x.aa(), which
// RTA leaves with two callees, Y's and Z's.
func TestPFSMPolymorphic(t *testing.T) {
	pkg, tb := load(t)
	goal := goalAt(t, "fig6:goal")
	aa := instr(t, fn(t, pkg, "test"), "fig6:start").Block().Instrs[2].(ssa.CallInstruction)
	if cs := tb.calleesOf(aa); len(cs) != 2 {
		t.Fatalf("RTA callees of x.aa() = %v, want Y's and Z's", cs)
	}
	if tb.static[fn(t, pkg, "Y.aa")] || tb.static[fn(t, pkg, "Y.cc")] || !tb.static[fn(t, pkg, "bb")] {
		t.Errorf("Explored after the static phase should hold bb but not Y.aa or Y.cc")
	}
	// First case: at line 6 of test. The only related call site is
	// x.aa(), at 4 (the store, then bb's three); Y.aa is not explored:
	// a conservative two to its call of cc plus one; Y.cc neither: two
	// to the goal plus one. Z's aa is not related to the goal.
	fs := stack(t, pkg, "test", "fig6:start")
	if got := pfsmOn(tb, fs, goal); got != 4+2+1+2+1 {
		t.Errorf("Fig. 6, first case: PFSM = %d, want 10", got)
	}
	// FSM goes through the interprocedural graph: store (1), into bb
	// (1) and through it (3), into Y.aa (1), into Y.cc (1), then to the
	// goal, the panic: local, store, field address, load, if, make
	// interface (6).
	if got := fsmOn(tb, fs, goal); got != 1+1+3+1+1+6 {
		t.Errorf("Fig. 6: FSM = %d, want 13", got)
	}
	// Second case: at Y.aa's call of cc, the search is in Y.aa, which
	// resolves the type: Y.aa is analysed and, through its resolved
	// call, Y.cc, so the distance to the goal in cc is its own (6, plus
	// one for the call).
	fs = stack(t, pkg, "test", "#0.2", "Y.aa", "#0.0")
	if got := pfsmOn(tb, fs, goal); got != 0+6+1 {
		t.Errorf("Fig. 6, second case: PFSM = %d, want 7", got)
	}
	// Z's side never reaches the goal: Z.cc returns to Z.aa, which
	// returns to test, which returns.
	fs = stack(t, pkg, "test", "#0.2", "Z.aa", "#0.0")
	if got := pfsmOn(tb, fs, goal); got != Unreachable {
		t.Errorf("from Z.aa: PFSM = %d, want Unreachable", got)
	}
}

// recorder is a random strategy that, at every choice point, asks its
// heuristics for the estimate of every enabled goroutine stopped in step
// and records them by heuristic, step's caller and the instruction.
type recorder struct {
	rng  *rand.Rand
	ex   *sched.Execution
	hs   []Heuristic
	goal Location
	got  map[string]map[int]bool // "pfsm far *ssa.Send" → estimates
}

func (r *recorder) NewExecution(i int, seed uint64) bool {
	r.rng = rand.New(rand.NewPCG(seed, 1))
	return true
}

func (r *recorder) Begin(ex *sched.Execution) {
	r.ex = ex
	for _, h := range r.hs {
		h.Begin(ex)
	}
}

func (r *recorder) Performed(sched.Op) {}

func (r *recorder) NextGoroutine(enabled []int, current int) int {
	for _, g := range enabled {
		if g == sched.Clock {
			continue
		}
		fs := r.ex.Stack(g)
		if len(fs) < 2 || fs[len(fs)-1].Fn.Name() != "step" {
			continue
		}
		for _, h := range r.hs {
			key := fmt.Sprintf("%s %s %T", h.Name(), fs[len(fs)-2].Fn.Name(), fs[len(fs)-1].Instr)
			if r.got[key] == nil {
				r.got[key] = map[int]bool{}
			}
			r.got[key][h.Estimate(g, r.goal)] = true
		}
	}
	return enabled[r.rng.IntN(len(enabled))]
}

func (r *recorder) NextNumber(n int) int { return r.rng.IntN(n) }

// TestEstimateAtRunTime asks PFSM and FSM at run time, under
// sched.Explore, about the goroutines of testdata/pfsm's TestContext
// stopped at step's send: the values of TestPFSMContext, from the
// goroutines' real stacks.
func TestEstimateAtRunTime(t *testing.T) {
	// Loaded without mcheck's hooks (package heuristics cannot import
	// internal/check, which imports it): TestContext does not use mcheck.
	prog, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata/pfsm", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pid, ok := prog.TestPackage("pfsmtest")
	if !ok {
		t.Fatal("no test package pfsmtest")
	}
	target := sched.Target{Prog: prog, Test: true, Start: func(m *ssainterp.Machine) error { return m.StartTest(pid, "TestContext") }}
	rec := &recorder{hs: []Heuristic{NewPFSM(), NewFSM()}, goal: goalAt(t, "context:goal"), got: map[string]map[int]bool{}}
	rep, err := sched.Explore(target, sched.Options{Custom: func() sched.Strategy { return rec }, Workers: 1, Executions: 30, Seed: 1, NoRaces: true, SyncOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failure != nil {
		t.Fatalf("TestContext failed: %v", rep.Failure)
	}
	// At the send, or past it (a receiver took the value while step's
	// goroutine was blocked: it runs on from the return, one closer).
	want := map[string]map[int]bool{
		"pfsm far *ssa.Send": {10: true}, "pfsm near *ssa.Send": {2: true},
		"fsm far *ssa.Send": {2: true}, "fsm near *ssa.Send": {2: true},
		"pfsm far *ssa.Return": {9: true}, "pfsm near *ssa.Return": {1: true},
		"fsm far *ssa.Return": {1: true}, "fsm near *ssa.Return": {1: true},
	}
	if !maps.EqualFunc(rec.got, want, maps.Equal) {
		t.Errorf("estimates at step's send by heuristic and caller = %v, want %v", rec.got, want)
	}
}

// TestTablesShared: the heuristics of parallel trials share the tables
// of a program and fill their lazy parts (rows, goals, FSM's column)
// concurrently; each gets what it gets alone (run with -race).
func TestTablesShared(t *testing.T) {
	pkg, _ := load(t)
	tb := newTables(pkg.Prog, entryPoints(pkg.Prog), subject.opaque)
	goal := goalAt(t, "context:goal")
	cases := [][]sched.Frame{
		stack(t, pkg, "far", "#0.0", "step", "step:send"),
		stack(t, pkg, "near", "#0.0", "step", "step:send"),
		stack(t, pkg, "far", "#3.2"),
		stack(t, pkg, "main", ""),
	}
	want := []int{10, 2, Unreachable}
	var wg sync.WaitGroup
	got := make([][]int, 4)
	for w := range got {
		wg.Go(func() {
			for _, fs := range cases {
				got[w] = append(got[w], pfsmOn(tb, fs, goal), fsmOn(tb, fs, goal))
			}
		})
	}
	wg.Wait()
	for w := range got {
		if got[w][0] != want[0] || got[w][2] != want[1] || got[w][4] != want[2] || !slices.Equal(got[w], got[0]) {
			t.Errorf("worker %d: estimates %v, worker 0 %v; want PFSM %v for the first three", w, got[w], got[0], want)
		}
	}
}

// BenchmarkPFSMEstimate is one estimate that unrolls a frame and follows
// a call trace (far→step to the goal in near), on warm tables.
func BenchmarkPFSMEstimate(b *testing.B) {
	pkg, tb := load(b)
	fs := stack(b, pkg, "far", "#0.0", "step", "step:send")
	p := NewPFSM()
	p.t = tb
	gl := tb.goal(goalAt(b, "context:goal"))
	for b.Loop() {
		p.see(fs)
		if clamp(p.unroll(gl, fs)) != 10 {
			b.Fatal("estimate changed")
		}
	}
}

// TestGoStatement: the goal is reached on a goroutine that a go
// statement starts (goSites in distance.go).
func TestGoStatement(t *testing.T) {
	pkg, tb := load(t)
	goal := goalAt(t, "context:goal")
	fs := stack(t, pkg, "spawner", "spawn:start")
	// PFSM: the store (1) to the go statement, then near's start to the
	// goal, its call of step (2), plus one for the call.
	if got := pfsmOn(tb, fs, goal); got != 1+2+1 {
		t.Errorf("spawner: PFSM = %d, want 4", got)
	}
	// FSM: the store (1), into near (1), into step (1), step's send and
	// return (2), back after the call: the goal.
	if got := fsmOn(tb, fs, goal); got != 1+1+1+2 {
		t.Errorf("spawner: FSM = %d, want 5", got)
	}
	// Past the go statement, spawner's own way leads nowhere near.
	fs = stack(t, pkg, "spawner", "#0.2")
	if got := pfsmOn(tb, fs, goal); got != Unreachable {
		t.Errorf("spawner after go: PFSM = %d, want Unreachable", got)
	}
}
