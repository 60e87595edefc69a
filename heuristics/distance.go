package heuristics

import (
	"container/heap"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/rta"
	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
)

// The static phase of the distance heuristics (Rungta and Mercer 2009,
// Sect. 3.1–3.2, Fig. 4), shared by
// PFSM (pfsm.go) and FSM (fsm.go).
//
// Type analysis (Sect. 3.1): callgraph/rta over the program reduces the
// callees of every dynamic call (interface method, function value) to
// the functions of the types the program instantiates. Its roots are the
// program's entry points: main and init of every main package, and the
// Test, Benchmark, Fuzz and Example functions of every package loaded
// with its tests, plus the function at the bottom of every goroutine the
// heuristic has been asked about (a goroutine that the harness or native
// code started runs a function no go statement names). Goroutines that
// go statements start need no root of their own: RTA follows go
// statements as calls.
//
// Distances (Fig. 4): the nodes of a function's control-flow graph are
// its SSA instructions, plus an end node after its returns. An edge from
// an instruction to its successor costs one, except at a call site. A
// call whose callee is resolved (a static callee, or a dynamic call RTA
// reduces to one function) costs the callee's start-to-end distance
// L(n_start, n_end) (get_distance_to_end). Three kinds cost two, "one to
// call the function and another for the return edge": an unresolved
// call; a call of a function the interpreter does not run by its SSA
// body (a model of a sync primitive, a function bridged natively:
// sched.Execution.Opaque); and a recursive call, whose callee is in the
// caller's strongly connected component of the call graph (Fig. 4 line
// 24 checks direct recursion only, which would not terminate on mutual
// recursion). A builtin's call (len, append) is an instruction like
// another. A callee that cannot return (an endless loop) makes its call
// sites a dead end. go and defer statements cost one: they call nothing
// on the goroutine's way.
//
// goSites: a Go rule the paper's Java setting has no need of. A goal may
// be reached by a goroutine that does not exist yet: the reader the main
// goroutine is about to start. Its creator's position then says how close
// the state is to the goal. So a go statement is a site of the call
// traces of Fig. 5 and of FSM's graph, whose callee runs on the new
// goroutine: the trace goes into it and never returns. Its cost to its
// successor stays one.
//
// The matrix L of a function is kept factored: per block, the cost from
// its entry to each of its instructions; and, computed lazily per source
// block (Dijkstra over the block graph), the shortest distance from a
// block's entry to every block's entry and to the end. L(n, n') is then
// the straight-line cost inside a block, or the cost to leave n's block
// plus the best distance from one of its successors to the block of n'
// plus the cost inside that block: the all-pairs shortest distances of
// Fig. 4 line 8 without the cubic table. Everything is computed when an
// estimate first needs it, and memoised: a function's edge costs and
// start-to-end distance (its callees' first, in reverse invocation order,
// by recursion), then its rows. Recursion is decided by the call graph's
// components, not by the order of analysis, so the tables are the same
// whichever estimates asked first.

// dead is a distance that stands for no path in the factored sums: large
// enough that a sum with it is never mistaken for a path, small enough
// that sums of many do not overflow.
const dead = int64(1) << 40

// clamp turns a distance of the factored sums into an estimate.
func clamp(d int64) int {
	if d >= dead || d >= Unreachable {
		return Unreachable
	}
	return int(d)
}

// tables are the static phase of one program: the RTA call graph and
// the distance matrices of its functions.
type tables struct {
	prog  *ssa.Program
	fset  *token.FileSet
	cg    *callgraph.Graph
	roots map[*ssa.Function]bool
	scc   map[*ssa.Function]int // see sccs
	// opaque reports whether the interpreter runs a function as one
	// step rather than by its body (sched.Execution.Opaque).
	opaque func(*ssa.Function) bool

	mu  sync.Mutex
	fns map[*ssa.Function]*fnDist // Inv: a function's entry, once set, does not change
	// static is the Explored set of Fig. 4 after the static phase: the
	// functions reached from the roots through resolved calls.
	static map[*ssa.Function]bool
	goals  map[Location]*goal
}

// fnDist is a function's control-flow graph with its edge costs: the
// distance matrix L of Fig. 4, factored (see above).
type fnDist struct {
	fn *ssa.Function
	// pre[b][i] is the cost from block b's entry to its instruction i;
	// pre[b][len(Instrs)] the cost to leave b.
	pre  [][]int64
	succ [][]int // successor blocks; end (len(fn.Blocks)) after a return
	sum  int64   // L(n_start, n_end)
	// sites are the function's call sites (ssa.Call) and go statements,
	// with their callees after RTA.
	sites   []ssa.CallInstruction
	callees map[ssa.CallInstruction][]*ssa.Function
	busy    bool // Inv: set only while the function's costs are computed

	rowMu sync.Mutex
	rows  [][]int64 // rows[b]: from block b's entry to each block's entry and the end; nil until asked
}

// tableCache keeps the tables of the programs heuristics were last
// asked about, so that the trials of a search (each with heuristics of
// its own) build them once per process. It is bounded: a program that
// falls out is analysed again if it comes back.
var tableCache struct {
	sync.Mutex
	list []*tables
}

const tableCacheSize = 4

// tablesFor returns the tables of prog with roots that include extra
// (functions at the bottom of goroutines), building them with analyze
// (which holds the program's method-set lock: sched.Execution.Analyze)
// if no cached tables have them.
func tablesFor(analyze func(func(*ssa.Program)), opaque func(*ssa.Function) bool, prog *ssa.Program, extra []*ssa.Function) *tables {
	tableCache.Lock()
	defer tableCache.Unlock()
	var old *tables
	for i, t := range tableCache.list {
		if t.prog != prog {
			continue
		}
		if t.covers(extra) {
			return t
		}
		old = t
		tableCache.list = append(tableCache.list[:i], tableCache.list[i+1:]...)
		break
	}
	roots := entryPoints(prog)
	if old != nil {
		for f := range old.roots {
			roots[f] = true
		}
	}
	for _, f := range extra {
		roots[f] = true
	}
	var t *tables
	analyze(func(p *ssa.Program) { t = newTables(p, roots, opaque) })
	if len(tableCache.list) == tableCacheSize {
		tableCache.list = tableCache.list[1:]
	}
	tableCache.list = append(tableCache.list, t)
	return t
}

// binding is what a distance heuristic holds of the search it serves:
// the execution and the tables of its program.
type binding struct {
	ex *sched.Execution
	t  *tables
}

func (b *binding) Begin(ex *sched.Execution) { b.ex = ex }

// stack returns goroutine g's frames, and makes b.t the tables that
// cover them: its program's, with its bottom function among the roots.
func (b *binding) stack(g int) []sched.Frame {
	fs := b.ex.Stack(g)
	if len(fs) > 0 {
		b.t = tablesOf(b.ex, b.t, fs[0].Fn)
	}
	return fs
}

// tablesOf returns t if it has root among its functions, or the tables
// of ex's program that do.
func tablesOf(ex *sched.Execution, t *tables, root *ssa.Function) *tables {
	if t != nil && t.prog == ex.Program() && t.covers([]*ssa.Function{root}) {
		return t
	}
	return tablesFor(ex.Analyze, ex.Opaque, ex.Program(), []*ssa.Function{root})
}

// covers reports whether the call graph of t has every function of fs.
func (t *tables) covers(fs []*ssa.Function) bool {
	for _, f := range fs {
		if t.cg.Nodes[f] == nil {
			return false
		}
	}
	return true
}

// entryPoints are the roots of RTA every program has: main and init of
// its main packages, and its test functions.
func entryPoints(prog *ssa.Program) map[*ssa.Function]bool {
	roots := map[*ssa.Function]bool{}
	for _, p := range prog.AllPackages() {
		hasTests := false
		for name, m := range p.Members {
			f, ok := m.(*ssa.Function)
			if !ok || f.Blocks == nil {
				continue
			}
			for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
				if strings.HasPrefix(name, prefix) && f.Signature.Recv() == nil {
					roots[f] = true
					hasTests = true
				}
			}
		}
		if p.Pkg.Name() == "main" || hasTests {
			for _, name := range []string{"main", "init"} {
				if f := p.Func(name); f != nil && f.Blocks != nil {
					roots[f] = true
				}
			}
		}
	}
	return roots
}

// newTables runs RTA from roots (Sect. 3.1) and prepares the tables of
// Fig. 4, which fill as estimates ask.
func newTables(prog *ssa.Program, roots map[*ssa.Function]bool, opaque func(*ssa.Function) bool) *tables {
	var list []*ssa.Function
	for f := range roots {
		list = append(list, f)
	}
	t := &tables{prog: prog, fset: prog.Fset, roots: roots, opaque: opaque, fns: map[*ssa.Function]*fnDist{}, goals: map[Location]*goal{}}
	if len(list) > 0 {
		t.cg = rta.Analyze(list, true).CallGraph
	} else {
		t.cg = callgraph.New(nil)
	}
	for _, f := range list {
		t.cg.CreateNode(f) // a root that calls nothing has no edge
	}
	t.scc = sccs(t.cg)
	t.static = map[*ssa.Function]bool{}
	t.explore(t.static, list)
	return t
}

// sccs numbers the strongly connected components of cg's calls (Tarjan's
// algorithm): two functions with the same number call each other,
// directly or not.
func sccs(cg *callgraph.Graph) map[*ssa.Function]int {
	index, low := map[*callgraph.Node]int{}, map[*callgraph.Node]int{}
	on := map[*callgraph.Node]bool{}
	var stack []*callgraph.Node
	comp := map[*ssa.Function]int{}
	n := 0
	var visit func(v *callgraph.Node)
	visit = func(v *callgraph.Node) {
		index[v], low[v] = len(index), len(index)
		stack = append(stack, v)
		on[v] = true
		for _, e := range v.Out {
			if _, ok := e.Site.(*ssa.Call); !ok {
				continue
			}
			w := e.Callee
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				comp[w.Func] = n
				if w == v {
					break
				}
			}
			n++
		}
	}
	for _, v := range cg.Nodes {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
	return comp
}

// explore adds to seen the functions reached from roots through resolved
// call sites: from the program's roots, the Explored set after Fig. 4's
// static phase, which does not step into methods whose type is not
// resolved (lines 15–16). The functions of go statements count (Fig. 4
// starts from main, whose threads' run methods the paper's Java programs
// reach by resolved calls).
func (t *tables) explore(seen map[*ssa.Function]bool, roots []*ssa.Function) {
	work := append([]*ssa.Function(nil), roots...)
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] || t.opaque(f) {
			continue
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, ins := range b.Instrs {
				site, ok := ins.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if cs := t.calleesOf(site); len(cs) == 1 {
					work = append(work, cs[0])
				}
			}
		}
	}
}

// calleesOf returns the functions call site may call: its static callee,
// or what RTA's call graph has for it.
func (t *tables) calleesOf(site ssa.CallInstruction) []*ssa.Function {
	cc := site.Common()
	if f := cc.StaticCallee(); f != nil {
		return []*ssa.Function{f}
	}
	n := t.cg.Nodes[site.Parent()]
	if n == nil {
		return nil
	}
	var fs []*ssa.Function
	for _, e := range n.Out {
		if e.Site == site {
			fs = append(fs, e.Callee.Func)
		}
	}
	// RTA adds the methods of *T with those of T: (*T).m, a wrapper
	// that calls T.m, is the same callee.
	var keep []*ssa.Function
	for _, w := range fs {
		if !strings.HasPrefix(w.Synthetic, "wrapper") || !slices.ContainsFunc(fs, func(f *ssa.Function) bool {
			return f.Synthetic == "" && f.Object() == w.Object()
		}) {
			keep = append(keep, w)
		}
	}
	return keep
}

// fn returns f's distances, computing them if needed.
func (t *tables) fn(f *ssa.Function) *fnDist {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.fnLocked(f)
}

// fnLocked is compute_estimates of Fig. 4 (lines 5–9) with t.mu held:
// the edge costs of f's control-flow graph (analyze_function, lines
// 11–22) and its start-to-end distance. A callee's start-to-end distance
// is computed first (get_distance_to_end, lines 24–29).
func (t *tables) fnLocked(f *ssa.Function) *fnDist {
	if d := t.fns[f]; d != nil {
		return d
	}
	d := &fnDist{fn: f, busy: true, sum: dead, callees: map[ssa.CallInstruction][]*ssa.Function{}}
	t.fns[f] = d
	defer func() { d.busy = false }()
	if len(f.Blocks) == 0 {
		return d
	}
	end := len(f.Blocks)
	d.pre = make([][]int64, end)
	d.succ = make([][]int, end)
	for _, b := range f.Blocks {
		pre := make([]int64, len(b.Instrs)+1)
		for i, ins := range b.Instrs {
			w := int64(1)
			if c := callSite(ins); c != nil {
				w = t.callCost(d, c)
			} else if g, ok := ins.(*ssa.Go); ok {
				d.sites = append(d.sites, g)
				d.callees[g] = t.calleesOf(g)
			}
			pre[i+1] = pre[i] + w // Inv: w <= dead, so no overflow for any block
		}
		d.pre[b.Index] = pre
		for _, s := range b.Succs {
			d.succ[b.Index] = append(d.succ[b.Index], s.Index)
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			d.succ[b.Index] = append(d.succ[b.Index], end)
		}
	}
	d.sum = d.row(0)[end]
	return d
}

// callSite returns ins if it is a call site of Fig. 4: a call of a
// function (not of a builtin, which is an instruction like another).
func callSite(ins ssa.Instruction) *ssa.Call {
	c, ok := ins.(*ssa.Call)
	if !ok {
		return nil
	}
	if _, builtin := c.Call.Value.(*ssa.Builtin); builtin {
		return nil
	}
	return c
}

// callOrGo reports whether site is a call or a go statement: the edges
// of the call graph a goal can be reached through (goSites).
func callOrGo(site ssa.CallInstruction) bool {
	switch site.(type) {
	case *ssa.Call, *ssa.Go:
		return true
	}
	return false
}

// callCost is the cost of call site c of d's function to its successor
// (Fig. 4 lines 11–16), and records the site.
func (t *tables) callCost(d *fnDist, c *ssa.Call) int64 {
	cs := t.calleesOf(c)
	d.sites = append(d.sites, c)
	d.callees[c] = cs
	if len(cs) != 1 || t.opaque(cs[0]) {
		return 2 // unresolved, or not run by its SSA body
	}
	if c, ok := t.scc[cs[0]]; cs[0] == d.fn || ok && c == t.scc[d.fn] {
		return 2 // recursive
	}
	callee := t.fnLocked(cs[0])
	if callee.busy {
		return 2 // recursive, outside the call graph
	}
	return min(callee.sum, dead)
}

// row returns the distances from block b's entry to every block's
// entry, and to the end last (Dijkstra over the block graph: the edge
// from a block to its successor costs the block's instructions).
func (d *fnDist) row(b int) []int64 {
	d.rowMu.Lock()
	defer d.rowMu.Unlock()
	if d.rows == nil {
		d.rows = make([][]int64, len(d.pre)+1)
	}
	if r := d.rows[b]; r != nil {
		return r
	}
	end := len(d.pre)
	r := make([]int64, end+1)
	for i := range r {
		r[i] = dead
	}
	r[b] = 0
	q := &pqueue[int]{{node: b}}
	for q.Len() > 0 {
		it := heap.Pop(q).(item[int])
		if it.dist > r[it.node] || it.node == end {
			continue
		}
		leave := d.pre[it.node][len(d.pre[it.node])-1]
		for _, s := range d.succ[it.node] {
			if nd := min(it.dist+leave, dead); nd < r[s] {
				r[s] = nd
				heap.Push(q, item[int]{node: s, dist: nd})
			}
		}
	}
	d.rows[b] = r
	return r
}

// at returns the block and index of instruction ins of d's function.
func at(ins ssa.Instruction) (b, i int) {
	blk := ins.Block()
	for i, x := range blk.Instrs {
		if x == ins {
			return blk.Index, i
		}
	}
	return blk.Index, 0
}

// dist is L(n, n') for the nodes at (b1, i1) and (b2, i2) of d's
// function; i2 = -1 with b2 = -1 stands for the end node.
func (d *fnDist) dist(b1, i1, b2, i2 int) int64 {
	if len(d.pre) == 0 {
		return dead
	}
	end := len(d.pre)
	p1 := d.pre[b1]
	if b2 == b1 && i2 >= i1 {
		return min(p1[i2]-p1[i1], dead)
	}
	target, inside := b2, int64(0)
	if b2 < 0 {
		target = end
	} else {
		inside = d.pre[b2][i2]
	}
	best := dead
	for _, s := range d.succ[b1] {
		if s == end {
			if target == end {
				best = 0
			}
			continue
		}
		best = min(best, d.row(s)[target])
	}
	return min(p1[len(p1)-1]-p1[i1]+best+inside, dead)
}

// between is L(from, to) for two instructions of d's function.
func (d *fnDist) between(from, to ssa.Instruction) int64 {
	b1, i1 := at(from)
	b2, i2 := at(to)
	return d.dist(b1, i1, b2, i2)
}

// toEnd is L(from, n_end).
func (d *fnDist) toEnd(from ssa.Instruction) int64 {
	b, i := at(from)
	return d.dist(b, i, -1, -1)
}

// fromStart is L(n_start, to).
func (d *fnDist) fromStart(to ssa.Instruction) int64 {
	b, i := at(to)
	return d.dist(0, 0, b, i)
}

// A goal is a Location resolved in the program: the instructions on its
// line, by function, and the functions from which a chain of calls
// leads to one of them (the complement of not_related, Fig. 5).
type goal struct {
	in      map[*ssa.Function][]ssa.Instruction
	related map[*ssa.Function]bool

	fsmOnce sync.Once
	fsm     map[inode]int64 // fsm.go
}

// goal returns loc resolved in t's program.
func (t *tables) goal(loc Location) *goal {
	t.mu.Lock()
	defer t.mu.Unlock()
	if g := t.goals[loc]; g != nil {
		return g
	}
	g := &goal{in: map[*ssa.Function][]ssa.Instruction{}, related: map[*ssa.Function]bool{}}
	t.goals[loc] = g
	files := map[*token.File]bool{}
	for f := range t.cg.Nodes {
		if f == nil || t.opaque(f) || !f.Pos().IsValid() {
			continue
		}
		tf := t.fset.File(f.Pos())
		match, ok := files[tf]
		if !ok {
			match = tf != nil && fileMatches(tf.Name(), loc.File)
			files[tf] = match
		}
		if !match {
			continue
		}
		for _, b := range f.Blocks {
			for _, ins := range b.Instrs {
				if p := ins.Pos(); p.IsValid() && tf.Line(p) == loc.Line {
					g.in[f] = append(g.in[f], ins)
				}
			}
		}
	}
	// Callers, transitively, through calls and go statements (see
	// goSites).
	var work []*ssa.Function
	for f := range g.in {
		work = append(work, f)
	}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if g.related[f] || t.opaque(f) {
			continue
		}
		g.related[f] = true
		if n := t.cg.Nodes[f]; n != nil {
			for _, e := range n.In {
				if callOrGo(e.Site) && e.Caller.Func != nil {
					work = append(work, e.Caller.Func)
				}
			}
		}
	}
	return g
}

// fileMatches reports whether path ends in file at a path-separator
// boundary (Location.File).
func fileMatches(path, file string) bool {
	path, file = filepath.ToSlash(path), filepath.ToSlash(file)
	return path == file || strings.HasSuffix(path, "/"+file)
}

// An item of a priority queue of Dijkstra's algorithm: a node and its
// tentative distance.
type item[N any] struct {
	node N
	dist int64
}

// pqueue is a min-heap of items by distance (container/heap).
type pqueue[N any] []item[N]

func (q pqueue[N]) Len() int           { return len(q) }
func (q pqueue[N]) Less(i, j int) bool { return q[i].dist < q[j].dist }
func (q pqueue[N]) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pqueue[N]) Push(x any)        { *q = append(*q, x.(item[N])) }
func (q *pqueue[N]) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
