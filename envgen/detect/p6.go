package detect

import (
	"fmt"

	"golang.org/x/tools/go/ssa"
)

// p6 reports a sync.Cond.Wait that is not in a loop (mcheck's pattern, not
// one of the paper's four; sync.Cond's documentation: "Because c.L is not
// locked while Wait is waiting, the caller typically cannot assume that
// the condition is true when Wait returns. Instead, the caller should
// Wait in a loop"). A Wait whose block is on no cycle of its function's
// control-flow graph returns to code that does not check the condition
// again: another waiter woken by the same Signal or Broadcast, or a
// Broadcast sent for another reason, makes it go on with the condition
// false (a Take that finds the queue empty after its wake-up). Paired
// with every method that signals the condition variable and with the
// waiting method itself.
func (f *facts) p6() []Finding {
	seen := map[[2]string]bool{}
	var out []Finding
	for _, b := range f.blocks {
		if b.op != condWait || b.instr == nil || inLoop(b.instr.Block()) {
			continue
		}
		others := []event{b.event}
		for _, k := range f.wakes {
			if k.id == b.id && k.op == condSignal {
				others = append(others, k.event)
			}
		}
		for _, o := range others {
			key := [2]string{b.method, o.method}
			if seen[key] {
				continue
			}
			seen[key] = true
			what := "another call of it waits"
			if o.pos != b.pos {
				what = "signalled in " + o.where()
			}
			out = append(out, Finding{
				Pattern: P6, Methods: []string{b.method, o.method}, Same: true, Weight: Weight(P6, true),
				Pos: b.pos, Subject: b.id.String(),
				Site:  fmt.Sprintf("Wait on %s not in a loop in %s", b.id, b.where()),
				Other: what,
			})
		}
	}
	return out
}

// inLoop reports whether block b is on a cycle of its function's
// control-flow graph.
func inLoop(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}
