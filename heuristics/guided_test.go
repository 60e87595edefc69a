package heuristics

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/sched/tracetest"
)

// loadTarget returns the main package testdata/name, from one program
// holding every package of testdata (ssainterp caches the load).
func loadTarget(t *testing.T, name string) sched.Target {
	return tracetest.Target(t, "testdata", "guidedtest/"+name)
}

// twoStageGuide is the sequence of testdata/twostage: the writer's first
// stage, then the checker's read.
var twoStageGuide = []Location{{"main.go", 21}, {"main.go", 31}}

// guided explores tg with one trial of guided test (heuristic h) and
// returns the report and the trial.
func guided(t *testing.T, tg sched.Target, locs []Location, h string, seed uint64, bound, executions int) (*sched.Report, *Guided) {
	t.Helper()
	g := NewGuided(locs, Heuristics[h], nil, bound)
	return runTrial(t, tg, g, sched.Options{Seed: seed, Executions: executions, NoRaces: true}), g
}

// runTrial explores tg with the one trial g on one worker, as o says
// otherwise.
func runTrial(t *testing.T, tg sched.Target, g *Guided, o sched.Options) *sched.Report {
	t.Helper()
	o.Strategy, o.Workers, o.Custom = "guided", 1, func() sched.Strategy { return g }
	rep, err := sched.Explore(tg, o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Guided test finds the checker's window with every secondary heuristic,
// and the failure it reports replays from its token.
func TestGuidedFindsDeepBugAndReplays(t *testing.T) {
	tg := loadTarget(t, "twostage")
	for _, h := range HeuristicNames() {
		rep, g := guided(t, tg, twoStageGuide, h, 1, 0, 2000)
		f := rep.Failure
		if f == nil || f.Kind != sched.Panic {
			t.Fatalf("%s: no panic in %d executions (%+v)", h, rep.Executions, g.Stats())
		}
		t.Logf("%s: found after %d executions, %d steps (%+v)", h, rep.Executions, rep.Steps, g.Stats())
		again, err := sched.Explore(tg, sched.Options{Replay: f.Schedule.Token(), NoRaces: true})
		if err != nil {
			t.Fatal(err)
		}
		if a := again.Failure; a == nil || a.Kind != f.Kind || a.Message != f.Message || len(a.Trace) != len(f.Trace) {
			t.Fatalf("%s: the token %s does not replay the panic: %v", h, f.Schedule.Token(), a)
		}
	}
}

// The same seed gives the same search: the same executions, steps and
// failing schedule.
func TestGuidedDeterministic(t *testing.T) {
	tg := loadTarget(t, "twostage")
	for _, h := range []string{"random", "most-blocked"} {
		r1, g1 := guided(t, tg, twoStageGuide, h, 7, 0, 2000)
		r2, g2 := guided(t, tg, twoStageGuide, h, 7, 0, 2000)
		if r1.Failure == nil || r2.Failure == nil {
			t.Fatalf("%s: no failure", h)
		}
		if r1.Executions != r2.Executions || r1.Steps != r2.Steps || r1.Failure.Schedule.Token() != r2.Failure.Schedule.Token() || g1.Stats() != g2.Stats() {
			t.Errorf("%s: seed 7 twice: %d/%d executions, %d/%d steps, %s / %s", h,
				r1.Executions, r2.Executions, r1.Steps, r2.Steps, r1.Failure.Schedule.Token(), r2.Failure.Schedule.Token())
		}
	}
}

// The backtrack set never holds more than its bound: with a bound of 50
// the search drops states, and keeps going.
func TestGuidedBacktrackBound(t *testing.T) {
	var b backtrack
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 1000 {
		b.add(entry{choice: i, level: i % 3, h: rng.IntN(10), key: rng.Uint64()}, 100, rng)
		if b.size > 100 {
			t.Fatalf("after %d adds the set holds %d", i+1, b.size)
		}
	}
	if b.dropped != 900 {
		t.Errorf("dropped %d, want 900", b.dropped)
	}
	// The bound drops the lowest meta level first.
	if n := b.levels[0].Len(); n != 0 {
		t.Errorf("level 0 holds %d after the set overflowed", n)
	}
	// Picking drains the set, each level's least secondary value first.
	last := map[int]int{}
	for range 100 {
		e, ok := b.pick(rng)
		if !ok {
			t.Fatal("the set ran dry early")
		}
		if e.h < last[e.level] {
			t.Fatalf("level %d: picked h %d after %d", e.level, e.h, last[e.level])
		}
		last[e.level] = e.h
	}
	if _, ok := b.pick(rng); ok || b.size != 0 {
		t.Errorf("the set holds %d after 100 picks", b.size)
	}

	tg := loadTarget(t, "busy")
	rep, g := guided(t, tg, []Location{{"main.go", 999}}, "random", 1, 50, 200)
	if st := g.Stats(); st.Dropped == 0 || g.bt.size > 50 || rep.Executions != 200 {
		t.Errorf("bound 50: %d executions, %d held, %+v", rep.Executions, g.bt.size, st)
	}
}

// A location of plain code (no visible operation on its line) counts as
// observed when a goroutine's last operation and its pending one enclose
// it in one frame; an operation at the location itself counts too. Lines
// enclosed by positions of two different frames (a return from a callee
// to its caller), or lines of a function literal, are not passed.
func TestGuidedObservesPlainCode(t *testing.T) {
	const src = `package p

func f(c chan int) {
	c <- 1
	x := 2
	_ = x
	go func() {
		c <- 3
	}()
	c <- 4
}

func g(c chan int) {
	c <- 5
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "main.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{file}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	f, g := pkg.Func("f"), pkg.Func("g")
	gd := NewGuided(nil, Heuristics["random"], nil, 0)
	gd.lastPos = map[int]srcPos{3: {"main.go", 4, f, 1}, 5: {"main.go", 4, f, 1}}
	for _, c := range []struct {
		g    int
		pos  srcPos
		goal int
		want bool
	}{
		{3, srcPos{"main.go", 10, f, 1}, 5, true},  // passed line 5
		{3, srcPos{"main.go", 5, f, 1}, 5, true},   // at it
		{3, srcPos{"main.go", 5, nil, 0}, 5, true}, // at it, frame unknown
		{3, srcPos{"main.go", 4, f, 1}, 5, false},  // not yet
		{3, srcPos{"other.go", 10, f, 1}, 5, false},
		{4, srcPos{"main.go", 10, f, 1}, 5, false}, // no last operation known
		{3, srcPos{"main.go", 14, g, 1}, 5, false}, // another function
		{3, srcPos{"main.go", 10, f, 2}, 5, false}, // another frame of f
		{3, srcPos{"main.go", 10, f, 1}, 8, false}, // the literal's line
	} {
		goal := Location{"pkg/main.go", c.goal}
		if got := gd.observes(c.g, c.pos, goal); got != c.want {
			t.Errorf("goroutine %d at %s:%d (depth %d): observes line %d %v, want %v", c.g, c.pos.file, c.pos.line, c.pos.depth, c.goal, got, c.want)
		}
	}
	if (Location{"xmain.go", 22}).matches("main.go", 22) {
		t.Error("xmain.go matches main.go")
	}
}

// A restored prefix that does not fit the execution (the program depends
// on the execution's seed) is abandoned where it diverges, and the search
// goes on.
func TestGuidedMisfit(t *testing.T) {
	tg := loadTarget(t, "mapsched")
	rep, g := guided(t, tg, []Location{{"main.go", 999}}, "random", 1, 0, 100)
	if st := g.Stats(); rep.Failure != nil || st.Misfits == 0 || rep.Executions != 100 {
		t.Errorf("%d executions, failure %v, %+v: want 100 clean ones, some misfits", rep.Executions, rep.Failure, st)
	}
	t.Logf("%+v", g.Stats())
}

// One operation observes a line of the sequence once: the writer's
// first stage runs once per execution, so a sequence naming it twice is
// never observed past its first location.
func TestGuidedObservesOnce(t *testing.T) {
	tg := loadTarget(t, "twostage")
	_, g := guided(t, tg, []Location{{"main.go", 21}, {"main.go", 21}}, "random", 1, 0, 20)
	if st := g.Stats(); st.MaxLevel != 1 {
		t.Errorf("observed %d locations of the sequence, want 1 (%+v)", st.MaxLevel, st)
	}
}
