package sched

import "github.com/mcheck-dev/mcheck/ssainterp"

// objectNames renames the objects of the accesses dfs keeps across
// executions. Each execution runs on a fresh machine, so a channel or a
// mutex is a different pointer in every one, while the choice points on
// dfs's stack (their sleep sets, the operations of their alternatives)
// and DPOR's events were observed on earlier machines: compared as
// pointers, an operation of this execution would depend on none of them.
// An object is named instead by its order of first appearance among the
// pending operations of the goroutines (in id order) in the states of
// the execution, a function of the schedule prefix: executions that
// share a prefix give the objects it touches the same names.
type objectNames struct {
	ex    *Execution
	ids   map[any]objectName
	named int  // the last state named (the number of steps before it)
	ops   []Op // the pending operations in that state, by goroutine id
	// singles[n] is the objects of an access to object n alone, shared
	// by every such access (Objects are never written in place: Widen
	// copies); most accesses touch one object, and a slice each was
	// much of a search's garbage.
	singles [][]any
	scratch []any // the objects of a pending operation before renaming
}

// objectName is an object's name: the order of its first appearance.
type objectName int

func (o *objectNames) begin(ex *Execution) {
	o.ex = ex
	if o.ids == nil {
		o.ids = map[any]objectName{}
	}
	clear(o.ids)
	o.named = -1
}

// state names the objects of every pending operation in the state after
// step steps, once per state, and returns those operations, renamed, by
// goroutine id (0 for none), and whether it had not been named before.
func (o *objectNames) state(steps int) ([]Op, bool) {
	if o.named == steps {
		return o.ops, false
	}
	o.named = steps
	m := o.ex.m
	o.ops = o.ops[:0]
	o.ops = append(o.ops, Op{})
	for id := 1; id <= m.NumGoroutines(); id++ {
		o.ops = append(o.ops, o.pending(id))
	}
	return o.ops, true
}

func (o *objectNames) name(obj any) objectName {
	n, ok := o.ids[obj]
	if !ok {
		n = objectName(len(o.ids))
		o.ids[obj] = n
	}
	return n
}

// op returns op with its objects renamed (in a slice of its own or a
// shared one, never op's).
func (o *objectNames) op(op Op) Op {
	var objs []any
	switch len(op.Access.Objects) {
	case 0:
		return op
	case 1:
		objs = o.single(o.name(op.Access.Objects[0]))
	default:
		objs = make([]any, len(op.Access.Objects))
		for i, obj := range op.Access.Objects {
			objs[i] = o.name(obj)
		}
	}
	op.Access = ssainterp.Access{Objects: objs, Read: op.Access.Read, All: op.Access.All}
	return op
}

// single returns the objects of an access to object n alone.
func (o *objectNames) single(n objectName) []any {
	for len(o.singles) <= int(n) {
		k := objectName(len(o.singles))
		o.singles = append(o.singles, []any{k}[:1:1])
	}
	return o.singles[n]
}

// pending returns goroutine id's pending operation, renamed.
func (o *objectNames) pending(id int) Op {
	if id == Clock {
		return o.op(o.ex.Pending(id))
	}
	acc := o.ex.m.AppendPendingAccess(id, o.scratch[:0])
	op := o.op(Op{G: id, Access: acc})
	if acc.Objects != nil {
		clear(acc.Objects) // the buffer keeps nothing alive
		o.scratch = acc.Objects[:0]
	}
	return op
}

// ObjectNames gives the objects of an execution's operations names that
// are equal in every execution that shares the schedule prefix (see
// objectNames), for a strategy outside this package that keeps
// operations across executions (guided test's sleep sets). Call State
// in every state it looks at, in the same way whether it replays a
// prefix or chooses, so that the names depend on the prefix alone.
type ObjectNames struct{ o objectNames }

// Begin starts naming the objects of ex afresh.
func (n *ObjectNames) Begin(ex *Execution) { n.o.begin(ex) }

// State names the objects of every pending operation in the state after
// steps steps (once per state) and returns those operations, renamed,
// by goroutine id (index 0 unused), and whether the state was new.
func (n *ObjectNames) State(steps int) ([]Op, bool) { return n.o.state(steps) }

// Op returns op with its objects renamed; name them first with State.
func (n *ObjectNames) Op(op Op) Op { return n.o.op(op) }
