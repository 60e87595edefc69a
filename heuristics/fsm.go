package heuristics

import (
	"container/heap"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
)

// FSM is the distance heuristic without calling context, the baseline
// of Rungta and Mercer 2009 (Sect. 4: "The FSM
// distance heuristic is a context-insensitive algorithm and performs an
// all-pairs shortest path analysis on the interprocedural CFG of the
// program", after Edelkamp and Mehler [18]). Its estimate is the
// shortest distance from the innermost frame's position to the goal in
// the interprocedural control-flow graph, where a function's return
// leads back to every call site of the function, whichever called it:
// the stack is not looked at.
//
// The interprocedural graph is the one of distance.go's static phase:
// its nodes are the instructions and the functions' end nodes; an
// instruction's edge to its successor costs one; a call site has an edge
// of cost one to the entry of each callee RTA leaves it, and each
// callee's end an edge of cost zero back to the instruction after the
// site (so that going through a callee costs one plus its start-to-end
// distance); a call of a function the interpreter does not run by its
// SSA body (a model, a native bridge) costs two to its successor. A go statement has an edge of cost one to the entry of the
// function it starts, and none back (distance.go's goSites). Only the goal's column of the all-pairs matrix is ever
// read, so it is computed alone, by Dijkstra's algorithm backward from
// the goal's instructions over the nodes where paths meet (fsmColumn),
// once per goal and program: the whole matrix
// is what did not finish within the paper's hour for the larger models.
type FSM struct{ binding }

// NewFSM returns an FSM heuristic.
func NewFSM() *FSM { return &FSM{} }

func (f *FSM) Name() string { return "fsm" }

// Estimate is the distance in the interprocedural graph from goroutine
// g's pending operation to goal, or Unreachable.
func (f *FSM) Estimate(g int, goal Location) int {
	fs := f.stack(g)
	if len(fs) == 0 {
		return Unreachable
	}
	return f.t.fsmEstimate(f.t.goal(goal), fs)
}

// fsmEstimate is the distance from the innermost of the frames fs to gl
// in the interprocedural graph.
func (t *tables) fsmEstimate(gl *goal, fs []sched.Frame) int {
	top := fs[len(fs)-1]
	if len(gl.in) == 0 || top.Instr == nil {
		return Unreachable
	}
	b, i := at(top.Instr)
	col := t.fsmColumn(gl)
	// Only the column's kept nodes have a distance (fsmColumn): from
	// another instruction the way is forward, one per instruction, to
	// the next kept one of its block.
	instrs := top.Fn.Blocks[b].Instrs
	for j := i; j < len(instrs); j++ {
		if d, ok := col[inode{top.Fn, b, j}]; ok {
			return clamp(d + int64(j-i))
		}
		if callSite(instrs[j]) != nil {
			break // a call site is kept: it has no way to the goal
		}
	}
	return Unreachable
}

// An inode is a node of the interprocedural graph: instruction i of
// block b of f, or f's end node (b = -1).
type inode struct {
	f    *ssa.Function
	b, i int
}

// fsmColumn returns the distances to gl in the interprocedural graph of
// the nodes that have a path to it, computed once. It keeps only the
// nodes where paths meet or leave a block's straight line: block starts,
// call and go sites and the instructions after calls, block ends, the
// goal's instructions, and functions' end nodes; the instructions
// between two kept ones of a block lead only to the next, one each, so
// their distances follow from it (fsmEstimate), and leaving them out
// makes the search a fraction of the instruction graph's.
func (t *tables) fsmColumn(gl *goal) map[inode]int64 {
	gl.fsmOnce.Do(func() {
		dist := map[inode]int64{}
		q := &pqueue[inode]{}
		for f, nodes := range gl.in {
			for _, n := range nodes {
				b, i := at(n)
				v := inode{f, b, i}
				dist[v] = 0
				*q = append(*q, item[inode]{node: v})
			}
		}
		heap.Init(q)
		for q.Len() > 0 {
			it := heap.Pop(q).(item[inode])
			if it.dist > dist[it.node] {
				continue
			}
			t.preds(gl, it.node, func(p inode, w int64) {
				nd := it.dist + w
				if old, ok := dist[p]; !ok || nd < old {
					dist[p] = nd
					heap.Push(q, item[inode]{node: p, dist: nd})
				}
			})
		}
		gl.fsm = dist
	})
	return gl.fsm
}

// preds calls visit with every predecessor of v in the interprocedural
// graph kept for gl's column (fsmColumn) and the cost of the way from it
// to v.
func (t *tables) preds(gl *goal, v inode, visit func(p inode, w int64)) {
	d := t.fn(v.f)
	if len(d.pre) == 0 {
		return
	}
	blocks := v.f.Blocks
	if v.b < 0 { // the end: the returns
		for _, b := range blocks {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				visit(inode{v.f, b.Index, len(b.Instrs) - 1}, 1)
			}
		}
		return
	}
	blk := blocks[v.b]
	if v.i > 0 {
		prev := inode{v.f, v.b, v.i - 1}
		c := callSite(blk.Instrs[v.i-1])
		if c == nil {
			// Back along the block's straight line to the kept node
			// before v.
			k := v.i - 1
			for k > 0 && !t.fsmKept(gl, v.f, blk, k) {
				k--
			}
			visit(inode{v.f, v.b, k}, int64(v.i-k))
			return
		}
		direct := false
		cs := d.callees[c]
		for _, callee := range cs {
			if t.opaque(callee) {
				direct = true
				continue
			}
			visit(inode{callee, -1, 0}, 0)
		}
		if direct || len(cs) == 0 {
			visit(prev, 2)
		}
		return
	}
	for _, p := range blk.Preds {
		visit(inode{v.f, p.Index, len(p.Instrs) - 1}, 1)
	}
	if v.b != 0 {
		return
	}
	if n := t.cg.Nodes[v.f]; n != nil { // the entry: the call sites
		for _, e := range n.In {
			if callOrGo(e.Site) && e.Caller.Func != nil {
				b, i := at(e.Site)
				visit(inode{e.Caller.Func, b, i}, 1)
			}
		}
	}
}

// fsmKept reports whether instruction k of blk (in f), not the first,
// is a node of gl's column that a way back along the block stops at: a
// call or go site, the instruction after a call, or one of the goal's.
func (t *tables) fsmKept(gl *goal, f *ssa.Function, blk *ssa.BasicBlock, k int) bool {
	switch blk.Instrs[k].(type) {
	case *ssa.Call, *ssa.Go:
		return true
	}
	if callSite(blk.Instrs[k-1]) != nil {
		return true
	}
	return slices.Contains(gl.in[f], blk.Instrs[k])
}

var _ Heuristic = (*FSM)(nil)
