package heuristics

import (
	"golang.org/x/tools/go/ssa"

	"github.com/mcheck-dev/mcheck/sched"
)

// PFSM is the polymorphic distance heuristic (Rungta and Mercer 2009,
// Sect. 3): the static phase of
// distance.go (RTA, then the distance matrices of Fig. 4), refined at run
// time with the functions the search is in (Sect. 3.3: "the location
// implicitly resolves the type"), and the forward distance through call
// traces of Fig. 5 with e-FCA's stack unrolling.
//
// Estimate(g, goal) starts at g's innermost frame, at its pending
// operation. If the goal is reachable in the forward direction from
// there (in the frame's function, or through the calls it makes: Fig. 5),
// that distance is the estimate. Otherwise the cost to the frame's
// return is added and the search goes on in the caller, from the
// instruction after its call (the return point), and so on outward to
// the goroutine's first frame; Unreachable if the goal is reachable from
// none.
//
// A PFSM serves one search at a time (Begin binds it to an execution);
// the tables of the static phase are shared by every PFSM and FSM of the
// process for the same program.
type PFSM struct {
	binding
	// seen are the functions the search has been in: Explored grows
	// with them at run time (Fig. 5 lines 2–3), so that the distances
	// through a method whose type the static phase did not resolve are
	// the method's own, not the conservative two.
	seen map[*ssa.Function]bool
}

// NewPFSM returns a PFSM heuristic.
func NewPFSM() *PFSM { return &PFSM{seen: map[*ssa.Function]bool{}} }

func (p *PFSM) Name() string { return "pfsm" }

// Estimate is the distance from goroutine g's pending operation to goal
// through g's stack (see PFSM), or Unreachable.
func (p *PFSM) Estimate(g int, goal Location) int {
	fs := p.stack(g)
	if len(fs) == 0 {
		return Unreachable
	}
	gl := p.t.goal(goal)
	if len(gl.in) == 0 {
		return Unreachable
	}
	p.see(fs)
	return clamp(p.unroll(gl, fs))
}

// see adds the functions of the frames fs to Explored: the search is in
// them, so their types are resolved (Fig. 5 lines 2–3), and so are those
// of the callees of their resolved calls, into which compute_estimates
// steps as the static phase does.
func (p *PFSM) see(fs []sched.Frame) {
	for _, f := range fs {
		if !p.t.static[f.Fn] && !p.seen[f.Fn] {
			p.t.explore(p.seen, []*ssa.Function{f.Fn})
		}
	}
}

// unroll is e-FCA's rule (Rungta and Mercer 2009, Sect. 3, after their
// FMCAD 2006 paper) over the frames fs,
// innermost last: the forward distance in the innermost frame, or the
// cost of returning from it plus the forward distance from the return
// point in its caller, and so on.
func (p *PFSM) unroll(gl *goal, fs []sched.Frame) int64 {
	acc := int64(0)
	for k := len(fs) - 1; k >= 0; k-- {
		ins := fs[k].Instr
		if k < len(fs)-1 {
			ins = returnPoint(ins)
		}
		if ins == nil {
			continue // running deferred calls: no instruction of its own
		}
		d := p.t.fn(fs[k].Fn)
		if h := p.forward(gl, d, ins); h < dead {
			return acc + h
		}
		e := d.toEnd(ins)
		if e >= dead {
			return dead
		}
		acc += e
	}
	return dead
}

// returnPoint is the instruction a caller resumes at when the call it
// waits in (ins) returns: the next one of its block (a call never ends
// an SSA block).
func returnPoint(ins ssa.Instruction) ssa.Instruction {
	if _, ok := ins.(ssa.CallInstruction); !ok {
		return ins
	}
	b, i := at(ins)
	blk := ins.Parent().Blocks[b]
	if i+1 < len(blk.Instrs) {
		return blk.Instrs[i+1]
	}
	return ins
}

// forward is get_forward_distance_estimate (Fig. 5 lines 1–6): the
// distance from ins to the goal in ins's function if the goal is there
// and reachable (get_distance), else the best call trace from ins
// (get_estimate).
func (p *PFSM) forward(gl *goal, d *fnDist, ins ssa.Instruction) int64 {
	if nodes := gl.in[d.fn]; len(nodes) > 0 {
		h := dead
		for _, n := range nodes {
			h = min(h, d.between(ins, n))
		}
		if h < dead {
			return h
		}
	}
	return p.estimate(gl, d, ins)
}

// estimate is get_estimate (Fig. 5 lines 8–15): over the call sites of
// ins's function that lead to the goal (not not_related), the distance
// to the site plus the rest of the call trace, with branch and bound on
// the best value so far. Call sites include go statements (goSites in
// distance.go).
func (p *PFSM) estimate(gl *goal, d *fnDist, ins ssa.Instruction) int64 {
	best := map[ssa.CallInstruction]int64{}
	h := dead
	for _, site := range d.sites {
		if !gl.leadsTo(d.callees[site]) {
			continue
		}
		if dd := d.between(ins, site); dd < h {
			h = min(p.dynamic(gl, d.callees[site], dd, h, best), h)
		}
	}
	return h
}

// dynamic is compute_dynamic_estimate (Fig. 5 lines 17–28) for a call
// site with callees reached at distance dist: if a callee holds the goal,
// dist plus the distance from the callee's start to it plus one for the
// call (lines 17–19); else the best over the call sites of the callees
// that lead to the goal (the call graph relation CGR, lines 22–27),
// pruned when the distance reaches the bound h. best is the smallest
// distance each call site has been reached at during this estimate: a
// site reached again no closer is pruned too (it would only repeat the
// traces below it, and it cuts the cycles of recursive call chains).
func (p *PFSM) dynamic(gl *goal, callees []*ssa.Function, dist, h int64, best map[ssa.CallInstruction]int64) int64 {
	found, hv := false, dead
	for _, c := range callees {
		for _, n := range gl.in[c] {
			found = true
			hv = min(hv, dist+p.fromStart(c, n)+1)
		}
	}
	if found {
		return hv
	}
	for _, c := range callees {
		if !gl.related[c] {
			continue
		}
		cd := p.t.fn(c)
		for _, site := range cd.sites {
			if !gl.leadsTo(cd.callees[site]) {
				continue
			}
			d2 := dist + p.fromStart(c, site) + 1
			if b, ok := best[site]; ok && b <= d2 {
				continue
			}
			best[site] = d2
			if d2 < h {
				h = min(p.dynamic(gl, cd.callees[site], d2, h, best), h)
			}
		}
	}
	return h
}

// fromStart is get_distance_from_start_to_node (Sect. 3.3): L(n_start,
// n) in n's function c if c is in Explored (the static phase reached it,
// or the search has been in it), else the conservative two.
func (p *PFSM) fromStart(c *ssa.Function, n ssa.Instruction) int64 {
	if !p.t.static[c] && !p.seen[c] {
		return 2
	}
	return p.t.fn(c).fromStart(n)
}

// leadsTo reports whether a call with callees may lead to the goal: the
// negation of not_related (Fig. 5 lines 10, 23).
func (gl *goal) leadsTo(callees []*ssa.Function) bool {
	for _, c := range callees {
		if gl.related[c] {
			return true
		}
	}
	return false
}

var _ Heuristic = (*PFSM)(nil)
