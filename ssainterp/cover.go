package ssainterp

import "go/token"

// AppendPendingObjects appends to objs the objects goroutine id's pending
// visible operation touches (those of PendingAccess, without allocating
// when objs has room) and returns them, with the operation's position
// and whether it only reads memory. A goroutine with no pending
// operation touches nothing. Package sched's coverage of ordering pairs
// calls it at every step.
func (m *Machine) AppendPendingObjects(id int, objs []any) (out []any, pos token.Pos, read bool) {
	g := m.gs[id-1]
	if g.state != gPending {
		return objs, token.NoPos, false
	}
	d := &g.pending
	switch {
	case d.kind == opMem:
		if cs, ok := d.addr.(cells); ok {
			for _, c := range cs {
				objs = append(objs, c)
			}
		} else {
			objs = append(objs, d.addr)
		}
		return objs, d.pos, !d.write
	case len(d.sudogs) > 0:
		for _, s := range d.sudogs {
			objs = append(objs, s.ch)
		}
	case d.obj != nil:
		objs = append(objs, d.obj)
	}
	return objs, d.pos, false
}
