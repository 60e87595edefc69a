package detect

import (
	"fmt"
	"go/token"
)

// p2 reports a blocking operation performed while holding a lock that the
// operation's waker needs: a Cond.Wait that holds, besides the
// condition's own lock (which Wait releases), an outer lock that every
// path to the Signal or Broadcast in another method takes (the paper's
// P2), and a send or receive on a channel while holding a lock that the
// other end's method holds at its receive, send or close. A channel
// operation releases nothing, so for it one held lock is enough.
func (f *facts) p2() []Finding {
	seen := map[[2]string]bool{}
	var out []Finding
	for _, b := range f.blocks {
		outer := b.held.ids()
		what := "send on"
		switch b.op {
		case condWait:
			what = "Wait on"
			inner, ok := f.condLock[b.id]
			if !ok || !b.held.holds(inner) {
				if len(outer) == 0 {
					continue
				}
				inner = outer[len(outer)-1] // assume the innermost is the condition's
			}
			outer = b.held.release(inner).ids()
		case chanRecv:
			what = "receive from"
		}
		if len(outer) == 0 {
			continue
		}
		held := lockset(nil)
		for _, id := range outer {
			held = held.acquire(id, token.NoPos)
		}
		for _, k := range f.wakes {
			if k.id != b.id || !wakes(k.op, b.op) {
				continue
			}
			g, ok := held.common(k.held)
			if !ok {
				continue
			}
			dk := [2]string{fmt.Sprint(b.pos), k.method}
			if seen[dk] {
				continue
			}
			seen[dk] = true
			out = append(out, Finding{
				Pattern: P2, Methods: []string{b.method, k.method}, Same: true, Weight: Weight(P2, true),
				Pos: b.pos, Subject: b.id.String(),
				Site:    fmt.Sprintf("%s %v holding %s in %s", what, b.id, relIdents(outer, ", "), b.where()),
				Other:   fmt.Sprintf("%s in %s needs %v", opName(k.op), k.where(), g),
				Related: []token.Pos{k.pos},
			})
		}
	}
	return out
}

// wakes reports whether an operation k can wake a goroutine blocked in b.
func wakes(k, b opKind) bool {
	switch b {
	case condWait:
		return k == condSignal
	case chanSend:
		return k == chanRecv
	case chanRecv:
		return k == chanSend || k == chanClose
	}
	return false
}

func opName(k opKind) string {
	return [...]string{"Wait", "Signal/Broadcast", "send", "receive", "close"}[k]
}
