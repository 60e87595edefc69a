package detect

import (
	"fmt"
	"slices"
	"strings"
)

// maxCycle bounds the length of the lock-order cycles p1 looks for, and
// maxCycles their number (the graphs of real packages have a handful of
// nodes; the bounds only guard against pathological ones).
const (
	maxCycle  = 6
	maxCycles = 100
)

// p1 builds the lock-order graph (an edge a → b when b is acquired with a
// certainly held, the first such acquisition its witness) and reports each
// elementary cycle once: a 1-cycle (two instances of one lock nested, as
// in a transfer between two accounts), a 2-cycle (the paper's P1) or a
// longer one (which the paper's pairwise pattern misses, its Sect. 4).
func (f *facts) p1() []Finding {
	type edge struct{ from, to ident }
	witness := map[edge]acquisition{}
	adj := map[ident][]ident{}
	for _, a := range f.acqs {
		for _, h := range a.held.ids() {
			e := edge{h, a.id}
			if _, ok := witness[e]; !ok {
				witness[e] = a
				adj[h] = append(adj[h], a.id)
			}
		}
	}
	nodes := make([]ident, 0, len(adj))
	for n := range adj {
		nodes = append(nodes, n)
	}
	less := func(a, b ident) int { return strings.Compare(a.String(), b.String()) }
	slices.SortFunc(nodes, less)
	for _, n := range nodes {
		slices.SortFunc(adj[n], less)
	}

	// Elementary cycles, each found once from its least node.
	var cycles [][]ident
	var path []ident
	var dfs func(start, n ident)
	dfs = func(start, n ident) {
		for _, m := range adj[n] {
			if len(cycles) >= maxCycles {
				return
			}
			switch {
			case m == start:
				cycles = append(cycles, slices.Clone(path))
			case less(m, start) > 0 && !slices.Contains(path, m) && len(path) < maxCycle:
				path = append(path, m)
				dfs(start, m)
				path = path[:len(path)-1]
			}
		}
	}
	for _, n := range nodes {
		path = append(path[:0], n)
		dfs(n, n)
	}

	var out []Finding
	for _, c := range cycles {
		ws := make([]acquisition, len(c))
		same := true
		for i, from := range c {
			ws[i] = witness[edge{from, c[(i+1)%len(c)]}]
			same = same && from.Owner == c[0].Owner
		}
		if gated(c, ws) {
			continue
		}
		fd := Finding{Pattern: P1, Same: same, Weight: Weight(P1, same), Pos: ws[0].pos}
		subject := append(slices.Clone(c), c[0])
		fd.Subject = relIdents(subject, " → ")
		var steps []string
		for i, w := range ws {
			fd.Methods = append(fd.Methods, w.method)
			steps = append(steps, fmt.Sprintf("%v → %v in %s", c[i], c[(i+1)%len(c)], w.where()))
			if i > 0 {
				fd.Related = append(fd.Related, w.pos)
			}
		}
		if len(c) == 1 {
			fd.Methods = append(fd.Methods, ws[0].method)
			fd.Site = fmt.Sprintf("%v acquired while an instance of it is held in %s", c[0], ws[0].where())
			fd.Other = "two calls can take the instances in opposite orders"
		} else {
			fd.Site = "lock order cycle: " + steps[0]
			fd.Other = strings.Join(steps[1:], ", ")
		}
		out = append(out, fd)
	}
	return out
}

// gated reports whether every witness of a cycle holds one same lock
// outside the cycle (a gate lock), which makes the cycle harmless.
func gated(c []ident, ws []acquisition) bool {
	if len(c) < 2 {
		return false
	}
	for _, g := range ws[0].held.ids() {
		if slices.Contains(c, g) {
			continue
		}
		all := true
		for _, w := range ws[1:] {
			all = all && w.held.holds(g)
		}
		if all {
			return true
		}
	}
	return false
}
