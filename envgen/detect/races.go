package detect

import (
	"fmt"
	"go/token"
)

// races reports P3 and P4 over pairs of accesses to one variable from two
// methods (or one method against itself), at least one a write, with no
// lock held at both:
//   - both under locks (different ones): P3, its types the owners of the
//     two innermost locks;
//   - a field itself under a lock on one side and none on the other: P3,
//     counted as t1 ≠ t2;
//   - the elements of a map, slice or container with no lock on at least
//     one side: P4, its types the receivers of the two methods. With no
//     lock on either side P4 is reported only if both receiver types take
//     a lock in some method (the type is meant to be used concurrently).
//
// A field with no lock on either side is not reported (most such fields
// belong to types not meant for concurrent use).
func (f *facts) races() []Finding {
	type loc struct {
		id       ident
		contents bool
	}
	byLoc := map[loc][]access{}
	var order []loc
	for _, a := range f.accesses {
		l := loc{a.loc, a.contents}
		if _, ok := byLoc[l]; !ok {
			order = append(order, l)
		}
		byLoc[l] = append(byLoc[l], a)
	}
	type key struct {
		l      loc
		p      Pattern
		m1, m2 string
	}
	seen := map[key]bool{}
	var out []Finding
	for _, l := range order {
		as := byLoc[l]
		for i := range as {
			for j := i; j < len(as); j++ {
				a, b := as[i], as[j]
				if !a.write && !b.write || i == j && len(a.held) > 0 {
					continue
				}
				if _, ok := a.held.common(b.held); ok {
					continue
				}
				// Report at the side with fewer locks (the unsynchronised one).
				if len(b.held) < len(a.held) || len(b.held) == len(a.held) && b.write && !a.write {
					a, b = b, a
				}
				var p Pattern
				var same bool
				switch {
				case len(a.held) > 0:
					p = P3
					same = last(a.held).Owner == last(b.held).Owner
				case l.contents:
					if len(b.held) == 0 && (!f.locking[a.recv] || !f.locking[b.recv]) {
						continue
					}
					p, same = P4, a.recv == b.recv
				case len(b.held) > 0:
					p = P3
				default:
					continue
				}
				k := key{l, p, min(a.method, b.method), max(a.method, b.method)}
				if seen[k] {
					continue
				}
				seen[k] = true
				subject := l.id.String()
				if l.contents {
					subject += " (" + a.kind + " elements)"
				}
				out = append(out, Finding{
					Pattern: p, Methods: []string{a.method, b.method}, Same: same, Weight: Weight(p, same),
					Pos: a.pos, Subject: subject,
					Site:    fmt.Sprintf("%s %s %s in %s", subject, rw(a.write), under(a.held), a.where()),
					Other:   fmt.Sprintf("%s %s in %s", rw(b.write), under(b.held), b.where()),
					Related: []token.Pos{b.pos},
				})
			}
		}
	}
	return out
}

func last(s lockset) ident { return s[len(s)-1].id }

func rw(write bool) string {
	if write {
		return "written"
	}
	return "read"
}

func under(s lockset) string {
	if len(s) == 0 {
		return "without a lock"
	}
	return "under " + relIdents(s.ids(), ", ")
}
