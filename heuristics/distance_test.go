package heuristics

import (
	"container/heap"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
	"github.com/mcheck-dev/mcheck/ssainterp"
)

// subject is testdata/pfsm loaded, with the tables of its static phase.
var subject struct {
	once   sync.Once
	pkg    *ssa.Package
	t      *tables
	opaque func(*ssa.Function) bool
	err    error
}

// load returns testdata/pfsm's package and tables.
func load(t testing.TB) (*ssa.Package, *tables) {
	t.Helper()
	subject.once.Do(func() {
		p, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "testdata/pfsm"}, ".")
		if err != nil {
			subject.err = err
			return
		}
		prog := p.SSA()
		for _, pkg := range prog.AllPackages() {
			if pkg.Pkg.Path() == "pfsmtest" {
				subject.pkg = pkg
			}
		}
		subject.opaque = p.Opaque
		subject.t = newTables(prog, entryPoints(prog), p.Opaque)
	})
	if subject.err != nil {
		t.Fatal(subject.err)
	}
	return subject.pkg, subject.t
}

// line returns the line of testdata/pfsm/dist.go that marker's comment
// ends.
func line(t testing.TB, marker string) int {
	t.Helper()
	src, err := os.ReadFile("testdata/pfsm/dist.go")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(l, "// "+marker) {
			return i + 1
		}
	}
	t.Fatalf("no line marked %q in testdata/pfsm/dist.go", marker)
	return 0
}

// goalAt is the location of marker's line.
func goalAt(t testing.TB, marker string) Location {
	return Location{File: "pfsm/dist.go", Line: line(t, marker)}
}

// fn returns the function or method ("Y.aa") name of pkg.
func fn(t testing.TB, pkg *ssa.Package, name string) *ssa.Function {
	t.Helper()
	var f *ssa.Function
	if typ, meth, ok := strings.Cut(name, "."); ok {
		f = pkg.Prog.LookupMethod(pkg.Type(typ).Type(), pkg.Pkg, meth)
	} else {
		f = pkg.Func(name)
	}
	if f == nil {
		t.Fatalf("no function %s", name)
	}
	return f
}

// instr returns the first instruction of f on marker's line, or with
// marker "" f's first instruction, or with marker "#b.k" instruction k of
// f's block b.
func instr(t testing.TB, f *ssa.Function, marker string) ssa.Instruction {
	t.Helper()
	if marker == "" {
		return f.Blocks[0].Instrs[0]
	}
	if bk, ok := strings.CutPrefix(marker, "#"); ok {
		b, k, _ := strings.Cut(bk, ".")
		nb, _ := strconv.Atoi(b)
		nk, _ := strconv.Atoi(k)
		return f.Blocks[nb].Instrs[nk]
	}
	want := line(t, marker)
	for _, b := range f.Blocks {
		for _, ins := range b.Instrs {
			if p := ins.Pos(); p.IsValid() && f.Prog.Fset.Position(p).Line == want {
				return ins
			}
		}
	}
	t.Fatalf("%s has no instruction on the line of %q", f, marker)
	return nil
}

// TestDistances checks L(n, n') of Fig. 4 on tiny functions, counted on
// their SSA listings (ssa.Function.WriteTo), quoted in the comments.
func TestDistances(t *testing.T) {
	pkg, tb := load(t)
	for _, c := range []struct {
		name     string
		fn       string
		from, to string // markers; to "" is the end node
		want     int64
	}{
		// *sink = 1; *sink = 2; *sink = 3; return
		{"straight line", "straight", "straight:a", "straight:c", 2},
		{"straight to end", "straight", "straight:a", "", 4},
		// if c goto 1 else 3; 1: store, jump 2; 2: store 4
		{"branch, shorter arm", "branch", "#0.0", "branch:join", 3},
		{"branch to end", "branch", "#0.0", "", 5},
		// 2: store, add, jump 1; 1: phi, <, if; 3: store -1
		{"loop exit", "loop", "loop:body", "loop:after", 6},
		{"loop, no way back", "loop", "loop:after", "loop:body", dead},
		// store; callee() = store, return: 2
		{"call", "caller", "caller:before", "caller:after", 3},
		// store; invoke s.area() resolved by RTA to square.area (store,
		// store, return: 3), circle's method dropped; store t0
		{"interface call resolved by RTA", "useShape", "useShape:before", "useShape:after", 5},
		// n<=1, if, return 1
		{"recursion, start to end", "fact", "#0.0", "", 3},
		// n<=1, if; 2: n-1, fact(n-1) recursive: 2; n*t2
		{"recursion, call costs two", "fact", "#0.0", "#2.2", 5},
		{"mutual recursion", "odd", "#0.0", "", 3},
	} {
		f := tb.fn(fn(t, pkg, c.fn))
		from := instr(t, f.fn, c.from)
		var got int64
		if c.to == "" {
			got = f.toEnd(from)
		} else {
			got = f.between(from, instr(t, f.fn, c.to))
		}
		if got != c.want {
			t.Errorf("%s: L(%s, %s) in %s = %d, want %d", c.name, from, c.to, c.fn, got, c.want)
		}
	}
	// A loop back to an earlier instruction of the same block: t2 = t0 + 1,
	// jump 1; phi, <, if; 2: *sink = t0.
	f := tb.fn(fn(t, pkg, "loop"))
	body := f.fn.Blocks[2]
	if got := f.between(body.Instrs[1], body.Instrs[0]); got != 5 {
		t.Errorf("loop back: L = %d, want 5", got)
	}
	if got := tb.calleesOf(instr(t, fn(t, pkg, "useShape"), "useShape:before").Block().Instrs[1].(ssa.CallInstruction)); len(got) != 1 || got[0].Name() != "area" || !strings.Contains(got[0].String(), "square") {
		t.Errorf("RTA callees of s.area() = %v, want square's method only", got)
	}
}

// BenchmarkTables measures the static phase (RTA, then the distances a
// PFSM estimate needs, then FSM's column, then all the tables; each
// figure from the start) over the whole examples/ tree
// loaded with its tests, as mcheck test loads it (roots: its entry
// points and abslist's scenario absList, the bottom frame of its
// checked goroutine), and then a goal's resolution (the append of Add)
// with a PFSM estimate and FSM's column from the scenario's start.
func BenchmarkTables(b *testing.B) {
	// Without mcheck's hooks (package heuristics cannot import
	// internal/check, which imports it): mcheck's own packages are loaded
	// as the examples' dependencies, which makes the tables a little
	// larger than mcheck test's.
	p, err := ssainterp.Load(ssainterp.LoadConfig{Dir: "../examples", Tests: true}, "./...")
	if err != nil {
		b.Fatal(err)
	}
	prog := p.SSA()
	var test *ssa.Function
	for _, pkg := range prog.AllPackages() {
		if strings.HasSuffix(pkg.Pkg.Path(), "examples/abslist") {
			if f := pkg.Func("absList"); f != nil {
				test = f
			}
		}
	}
	if test == nil {
		b.Fatal("no abslist.absList")
	}
	goal := Location{File: "abslist/abslist.go", Line: 26}
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		roots := entryPoints(prog)
		roots[test] = true
		tb := newTables(prog, roots, p.Opaque)
		rtaTime := time.Since(start)
		p := NewPFSM()
		p.t = tb
		fs := []sched.Frame{{Fn: test, Instr: test.Blocks[0].Instrs[0]}}
		p.see(fs)
		h := clamp(p.unroll(tb.goal(goal), fs))
		pfsmTime := time.Since(start)
		f := tb.fsmEstimate(tb.goal(goal), fs)
		firstTime := time.Since(start)
		lazy := len(tb.fns)
		// Then every table: the costs and all rows (the whole
		// matrix) of every reachable function.
		for fn := range tb.cg.Nodes {
			if fn != nil {
				d := tb.fn(fn)
				for blk := range d.pre {
					d.row(blk)
				}
			}
		}
		b.ReportMetric(float64(rtaTime.Milliseconds()), "rta-ms")
		b.ReportMetric(float64(pfsmTime.Milliseconds()), "pfsm-first-estimate-ms")
		b.ReportMetric(float64(firstTime.Milliseconds()), "first-estimates-ms")
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "all-tables-ms")
		b.ReportMetric(float64(lazy), "functions-analysed")
		b.ReportMetric(float64(len(tb.fns)), "functions")
		b.ReportMetric(float64(h), "pfsm")
		b.ReportMetric(float64(f), "fsm")
	}
}

// TestFSMKeptNodes: the FSM column over the kept nodes only (fsmColumn)
// gives every instruction of every function of testdata/pfsm the same
// estimate as Dijkstra's algorithm over the whole instruction graph (the
// column as Rungta and Mercer 2009's FSM defines it, computed here edge by edge), for a
// goal at every line of dist.go that has instructions.
func TestFSMKeptNodes(t *testing.T) {
	pkg, tb := load(t)
	src, err := os.ReadFile("testdata/pfsm/dist.go")
	if err != nil {
		t.Fatal(err)
	}
	var fns []*ssa.Function
	for fn := range tb.cg.Nodes {
		if fn != nil && fn.Pkg == pkg && len(fn.Blocks) > 0 {
			fns = append(fns, fn)
		}
	}
	goals, compared := 0, 0
	for line := 1; line <= strings.Count(string(src), "\n"); line++ {
		gl := tb.goal(Location{File: "pfsm/dist.go", Line: line})
		if len(gl.in) == 0 {
			continue
		}
		goals++
		want := fullFSMColumn(tb, gl)
		for _, fn := range fns {
			for _, blk := range fn.Blocks {
				for i, ins := range blk.Instrs {
					w, ok := want[inode{fn, blk.Index, i}]
					if !ok {
						w = Unreachable
					}
					got := tb.fsmEstimate(gl, []sched.Frame{{Fn: fn, Instr: ins}})
					if got != clamp(w) && !(got == Unreachable && !ok) {
						t.Fatalf("goal line %d, %s block %d instr %d (%v): FSM %d, the whole graph's %d", line, fn, blk.Index, i, ins, got, w)
					}
					compared++
				}
			}
		}
	}
	if goals < 10 || compared == 0 {
		t.Fatalf("%d goals, %d estimates compared", goals, compared)
	}
	t.Logf("%d goals, %d estimates compared", goals, compared)
}

// fullFSMColumn is the FSM column of gl by Dijkstra's algorithm backward
// over every instruction of the interprocedural graph, one edge per
// instruction (fsm.go's graph without leaving out any node).
func fullFSMColumn(tb *tables, gl *goal) map[inode]int64 {
	dist := map[inode]int64{}
	q := &pqueue[inode]{}
	for f, nodes := range gl.in {
		for _, n := range nodes {
			b, i := at(n)
			dist[inode{f, b, i}] = 0
			*q = append(*q, item[inode]{node: inode{f, b, i}})
		}
	}
	heap.Init(q)
	for q.Len() > 0 {
		it := heap.Pop(q).(item[inode])
		if it.dist > dist[it.node] {
			continue
		}
		v := it.node
		visit := func(p inode, w int64) {
			if old, ok := dist[p]; !ok || it.dist+w < old {
				dist[p] = it.dist + w
				heap.Push(q, item[inode]{node: p, dist: it.dist + w})
			}
		}
		if v.i > 0 && callSite(v.f.Blocks[v.b].Instrs[v.i-1]) == nil {
			visit(inode{v.f, v.b, v.i - 1}, 1) // the one edge fsm.go's preds skips along
			continue
		}
		tb.preds(gl, v, visit)
	}
	return dist
}
