package detect

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// p5 reports a check-then-act split over two critical sections (mcheck's
// pattern, not one of the paper's four): a method reads a variable under
// a lock, releases the lock, takes it again and writes the variable, so
// that another method writing it under the same lock in between
// invalidates what the first section decided. That is the lost wake-up
// of a semaphore that decides to wait in one section and queues its
// waiter in the next, and the double close of a Shutdown that checks a
// flag under a read lock and closes under the write lock. The writer may
// be the method itself, called concurrently. A method that checks the
// variable again in the second section, on every path to the write and
// on a line before it, is not reported (a cache filled in a second
// section after a miss, a flag checked again under the write lock); one
// that only reads it to update it (x = append(x, w)) is.
func (f *facts) p5() []Finding {
	type key struct {
		method string
		loc    ident
	}
	type pairKey struct {
		key
		other string
	}
	var out []Finding
	seen := map[pairKey]bool{}
	for _, r := range f.accesses {
		if r.write || r.contents {
			continue
		}
		for _, w := range f.accesses {
			if !w.write || w.method != r.method || w.loc != r.loc || w.pos <= r.pos {
				continue
			}
			lock, ok := r.held.common(w.held)
			if !ok {
				continue
			}
			first, second := r.held.section(lock), w.held.section(lock)
			if first == token.NoPos || second == token.NoPos || first == second || second < first || f.rechecked(w, lock, second) {
				continue
			}
			// Every method that writes the variable under the lock
			// (the method itself included) can run in between.
			for _, o := range f.accesses {
				if !o.write || o.loc != r.loc || !o.held.holds(lock) {
					continue
				}
				k := pairKey{key{r.method, r.loc}, o.method}
				if seen[k] {
					continue
				}
				seen[k] = true
				out = append(out, Finding{
					Pattern: P5, Methods: []string{r.method, o.method}, Same: true, Weight: Weight(P5, true),
					Pos: r.pos, Subject: r.loc.String(),
					Site:    fmt.Sprintf("%s read under %s in %s, then written in a later critical section", r.loc, lock, r.where()),
					Other:   fmt.Sprintf("written under it in %s in between", o.where()),
					Related: []token.Pos{w.pos, o.pos},
				})
			}
		}
	}
	return out
}

// rechecked reports whether w's method reads w's variable again in the
// critical section of lock that began at section, before w on every path
// to it and on an earlier line.
func (f *facts) rechecked(w access, lock ident, section token.Pos) bool {
	line := f.fset.Position(w.pos).Line
	for _, x := range f.accesses {
		if !x.write && !x.contents && x.method == w.method && x.loc == w.loc &&
			x.held.section(lock) == section && f.fset.Position(x.pos).Line < line && dominates(x.instr, w.instr) {
			return true
		}
	}
	return false
}

// dominates reports whether a runs before b on every path to b (both in
// one function).
func dominates(a, b ssa.Instruction) bool {
	if a == nil || b == nil || a.Parent() != b.Parent() {
		return false
	}
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	return slices.Index(a.Block().Instrs, a) < slices.Index(b.Block().Instrs, b)
}
