package detect

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// An event is something a root (an exported method or function) does at
// a program point, with the locks certainly held there.
type event struct {
	method string // the root, as "(*T).M" or "F" relative to its package
	recv   string // the root's receiver type ("" for a function)
	via    string // the followed same-package callee it happened in, or ""
	pos    token.Pos
	instr  ssa.Instruction // the instruction it happened at
	held   lockset
}

// where spells the method an event happened in, and the callee it went through.
func (e event) where() string {
	if e.via == "" {
		return e.method
	}
	return e.method + " (via " + e.via + ")"
}

// An acquisition is a Lock or RLock of id.
type acquisition struct {
	event
	id ident
}

// An access reads or writes a shared variable: a field or global itself,
// or (contents) the elements of the map, slice or container it holds.
type access struct {
	event
	loc      ident
	contents bool
	kind     string // "field", "map", "slice", "list", "ring"
	write    bool
}

// opKind is a blocking or waking operation on a condition variable or channel.
type opKind int

const (
	condWait opKind = iota
	condSignal
	chanSend
	chanRecv
	chanClose
)

// A syncOp is a blocking or waking operation on id.
type syncOp struct {
	event
	op opKind
	id ident
}

// facts are the events of all roots of one package.
type facts struct {
	fset     *token.FileSet
	pkg      *types.Package
	acqs     []acquisition
	accesses []access
	blocks   []syncOp        // operations that may block: Cond.Wait, send, receive
	wakes    []syncOp        // operations that may wake one: Signal, Broadcast, send, receive, close
	locking  map[string]bool // receiver types one of whose roots acquires a lock
	condLock map[ident]ident // a condition variable's L, from sync.NewCond(&x.mu)
}

// maxIter times the number of blocks bounds the passes of the dataflow
// over a function (it converges in two or three on real code; the bound
// only guards against surprises).
const maxIter = 20

// A walker runs the lockset dataflow over one root and the same-package
// functions it calls, recording events into f.
type walker struct {
	f      *facts
	root   *ssa.Function
	method string
	recv   string
	exits  map[*ssa.Function]map[string]lockset // callee exit locksets by entry lockset
}

// walkRoot records the events of root.
func (f *facts) walkRoot(root *ssa.Function) {
	w := &walker{f: f, root: root, method: root.RelString(f.pkg), exits: map[*ssa.Function]map[string]lockset{}}
	env := make([]bool, len(root.Params))
	if recv := root.Signature.Recv(); recv != nil {
		w.recv = types.TypeString(deref(recv.Type()), types.RelativeTo(f.pkg))
		env[0] = true // the receiver is shared; other parameters are the caller's
	}
	w.run(root, nil, env, true)
}

// run analyses fn from the entry lockset init, the parameters marked in
// rooted being shared objects, records events if rec, and returns the
// lockset certainly held when fn returns (init if it never does). fn is
// the root, or a callee followed from it (one level).
func (w *walker) run(fn *ssa.Function, init lockset, rooted []bool, rec bool) lockset {
	if fn != w.root && !rec {
		if m := w.exits[fn]; m != nil {
			if s, ok := m[init.key()]; ok {
				return s
			}
		}
	}
	n := len(fn.Blocks)
	in := make([]lockset, n)
	seen := make([]bool, n)
	in[0], seen[0] = init, true
	for iter, changed := 0, true; changed && iter < maxIter*n; iter++ {
		changed = false
		for _, b := range fn.Blocks {
			if !seen[b.Index] {
				continue
			}
			out := w.block(fn, b, in[b.Index], rooted, false)
			for _, s := range b.Succs {
				if !seen[s.Index] {
					in[s.Index], seen[s.Index], changed = out, true, true
				} else if m := in[s.Index].meet(out); !m.equal(in[s.Index]) {
					in[s.Index], changed = m, true
				}
			}
		}
	}
	exit, returns := init, false
	for _, b := range fn.Blocks {
		if !seen[b.Index] {
			continue
		}
		out := w.block(fn, b, in[b.Index], rooted, rec)
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if !returns {
				exit, returns = out, true
			} else {
				exit = exit.meet(out)
			}
		}
	}
	if fn != w.root {
		if w.exits[fn] == nil {
			w.exits[fn] = map[string]lockset{}
		}
		w.exits[fn][init.key()] = exit
	}
	return exit
}

// block applies b's instructions to the lockset s and returns the lockset
// at its end, recording events if rec.
func (w *walker) block(fn *ssa.Function, b *ssa.BasicBlock, s lockset, rooted []bool, rec bool) lockset {
	var cur ssa.Instruction
	ev := func(pos token.Pos) event {
		e := event{method: w.method, recv: w.recv, pos: pos, held: s, instr: cur}
		if fn != w.root {
			e.via = fn.RelString(w.f.pkg)
		}
		return e
	}
	r := rootedness{fn: fn, env: rooted}
	var last token.Pos = fn.Pos()
	for _, instr := range b.Instrs {
		cur = instr
		pos := instrPos(instr)
		if pos.IsValid() {
			last = pos
		} else {
			pos = last
		}
		if rd, ok := instr.(*ssa.RunDefers); ok {
			s = w.runDefers(rd.Parent(), s)
			continue
		}
		if !rec {
			if c, ok := instr.(*ssa.Call); ok {
				s = w.call(fn, c, s, r, pos, false, ev)
			}
			continue
		}
		switch in := instr.(type) {
		case *ssa.Call:
			s = w.call(fn, in, s, r, pos, true, ev)
		case *ssa.UnOp:
			switch in.Op {
			case token.MUL:
				w.varAccess(in.X, false, r, ev(pos))
			case token.ARROW:
				w.chanOp(in.X, chanRecv, true, ev(pos))
			}
		case *ssa.Store:
			w.varAccess(in.Addr, true, r, ev(pos))
		case *ssa.Lookup:
			if _, ok := in.X.Type().Underlying().(*types.Map); ok {
				w.contents(in.X, false, r, ev(pos))
			}
		case *ssa.MapUpdate:
			w.contents(in.Map, true, r, ev(pos))
		case *ssa.Range:
			w.contents(in.X, false, r, ev(pos))
		case *ssa.IndexAddr:
			if _, ok := in.X.Type().Underlying().(*types.Slice); ok {
				w.contents(in.X, storedTo(in), r, ev(pos))
			}
		case *ssa.Slice:
			if _, ok := in.X.Type().Underlying().(*types.Slice); ok {
				w.contents(in.X, false, r, ev(pos))
			}
		case *ssa.Send:
			w.chanOp(in.Chan, chanSend, true, ev(pos))
		case *ssa.Select:
			w.selectOp(in, ev(pos))
		}
	}
	return s
}

// call applies a call to s: a lock operation changes it, a same-package
// callee is followed one level (its events are the root's, its exit
// lockset is the caller's after the call), and Cond, channel, builtin and
// container operations are recorded if rec.
func (w *walker) call(fn *ssa.Function, c *ssa.Call, s lockset, r rootedness, pos token.Pos, rec bool, ev func(token.Pos) event) lockset {
	cc := &c.Call
	if id, lock, ok := w.lockOp(cc); ok {
		if !lock {
			return s.release(id)
		}
		if rec {
			w.f.acqs = append(w.f.acqs, acquisition{ev(pos), id})
			if w.recv != "" {
				w.f.locking[w.recv] = true
			}
		}
		return s.acquire(id, pos)
	}
	if rec {
		w.syncCall(cc, r, ev(pos))
	}
	if fn != w.root {
		return s // one level only
	}
	callee := cc.StaticCallee()
	if callee == nil || callee == w.root || callee.Pkg != w.root.Pkg || len(callee.Blocks) == 0 {
		return s
	}
	args := cc.Args
	env := make([]bool, len(callee.Params))
	for i := range env {
		if i < len(args) {
			env[i] = r.rooted(args[i])
		}
	}
	return w.run(callee, s, env, rec)
}

// runDefers applies to s the lock operations fn defers, at a return: a
// deferred Unlock, or a deferred same-package function or closure (run
// without recording; its own calls are not followed). It applies every
// defer statement of fn, latest first, whether or not the path to the
// return executed it: releasing a lock not held changes nothing.
func (w *walker) runDefers(fn *ssa.Function, s lockset) lockset {
	for i := len(fn.Blocks) - 1; i >= 0; i-- {
		b := fn.Blocks[i]
		for j := len(b.Instrs) - 1; j >= 0; j-- {
			d, ok := b.Instrs[j].(*ssa.Defer)
			if !ok {
				continue
			}
			if id, lock, ok := w.lockOp(&d.Call); ok {
				if lock {
					s = s.acquire(id, token.NoPos)
				} else {
					s = s.release(id)
				}
				continue
			}
			if callee := d.Call.StaticCallee(); callee != nil && callee != fn && callee.Pkg == w.root.Pkg && len(callee.Blocks) > 0 {
				s = w.run(callee, s, nil, false) // not the root: its calls are not followed
			}
		}
	}
	return s
}

// lockOp reports whether c locks (lock) or unlocks a lock it can name.
func (w *walker) lockOp(c *ssa.CallCommon) (id ident, lock, ok bool) {
	var v ssa.Value
	var name string
	switch {
	case c.IsInvoke():
		name, v = c.Method.Name(), c.Value
		if c.Signature().Params().Len() != 0 || c.Signature().Results().Len() != 0 {
			return ident{}, false, false
		}
	case calleeIs(c, "sync", "Mutex", c.Value.Name()) || calleeIs(c, "sync", "RWMutex", c.Value.Name()):
		name, v = c.StaticCallee().Name(), c.Args[0]
	default:
		return ident{}, false, false
	}
	switch name {
	case "Lock", "RLock":
		lock = true
	case "Unlock", "RUnlock":
	default:
		return ident{}, false, false
	}
	id, ok = w.lockIdent(v)
	return id, lock, ok
}

// lockIdent names the lock v points to; c.L of a condition variable made
// by sync.NewCond(&x.mu) is x.mu.
func (w *walker) lockIdent(v ssa.Value) (ident, bool) {
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if fa, ok := ld.X.(*ssa.FieldAddr); ok && isSyncType(fa.X.Type()) {
			if cond, ok := identOf(fa.X, w.f.pkg); ok {
				if l, ok := w.f.condLock[cond]; ok {
					return l, true
				}
			}
		}
	}
	return identOf(v, w.f.pkg)
}

// syncCall records Cond.Wait, Signal and Broadcast, close, and accesses
// made by builtins and by container/list and container/ring methods.
func (w *walker) syncCall(c *ssa.CallCommon, r rootedness, e event) {
	for _, m := range []struct {
		name string
		op   opKind
	}{{"Wait", condWait}, {"Signal", condSignal}, {"Broadcast", condSignal}} {
		if calleeIs(c, "sync", "Cond", m.name) {
			if id, ok := identOf(c.Args[0], w.f.pkg); ok {
				op := syncOp{e, m.op, id}
				if m.op == condWait {
					w.f.blocks = append(w.f.blocks, op)
				} else {
					w.f.wakes = append(w.f.wakes, op)
				}
			}
			return
		}
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "clear":
			w.contents(c.Args[0], true, r, e)
		case "len", "cap", "append":
			w.contents(c.Args[0], false, r, e)
		case "copy":
			w.contents(c.Args[0], true, r, e)
			w.contents(c.Args[1], false, r, e)
		case "close":
			w.chanOp(c.Args[0], chanClose, false, e)
		}
		return
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || fn.Pkg == nil {
		return
	}
	switch fn.Pkg.Pkg.Path() {
	case "container/list", "container/ring":
		write := true
		switch fn.Name() {
		case "Front", "Back", "Len", "Next", "Prev", "Do", "Move":
			write = false
		}
		w.contents(c.Args[0], write, r, e)
	}
}

// chanOp records a channel operation on the channel v holds: a send or
// receive may block (if block) and wakes the other end; close wakes
// receivers.
func (w *walker) chanOp(v ssa.Value, op opKind, block bool, e event) {
	id, ok := identOf(v, w.f.pkg)
	if !ok {
		return
	}
	if block {
		w.f.blocks = append(w.f.blocks, syncOp{e, op, id})
	}
	w.f.wakes = append(w.f.wakes, syncOp{e, op, id})
}

// selectOp records a select: each case wakes the other end; a select
// without default blocks on each case, unless one of its channels cannot
// be named (a context's Done, a timer), which may wake it from outside.
func (w *walker) selectOp(s *ssa.Select, e event) {
	named := true
	ops := make([]syncOp, 0, len(s.States))
	for _, st := range s.States {
		op := chanRecv
		if st.Dir == types.SendOnly {
			op = chanSend
		}
		id, ok := identOf(st.Chan, w.f.pkg)
		if !ok {
			named = false
			continue
		}
		ops = append(ops, syncOp{e, op, id})
	}
	w.f.wakes = append(w.f.wakes, ops...)
	if s.Blocking && named {
		w.f.blocks = append(w.f.blocks, ops...)
	}
}

// varAccess records a load from or store to addr if it is a shared field
// or global (not a sync or sync/atomic value).
func (w *walker) varAccess(addr ssa.Value, write bool, r rootedness, e event) {
	if g, ok := addr.(*ssa.Global); ok && strings.HasPrefix(g.Name(), "init$") {
		return
	}
	loc, ok := w.sharedLoc(addr, r)
	if !ok || isSyncType(deref(addr.Type())) {
		return
	}
	w.f.accesses = append(w.f.accesses, access{e, loc, false, "field", write})
}

// sharedLoc names the variable at addr if it is a field of a shared
// object or a global.
func (w *walker) sharedLoc(addr ssa.Value, r rootedness) (ident, bool) {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if r.rooted(a.X) {
			return fieldIdent(a, w.f.pkg), true
		}
	case *ssa.Global:
		return identOf(a, w.f.pkg)
	}
	return ident{}, false
}

// contents records an access to the elements of the map, slice or
// container v if v was just loaded from a shared field or global.
func (w *walker) contents(v ssa.Value, write bool, r rootedness, e event) {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return
	}
	loc, ok := w.sharedLoc(ld.X, r)
	if !ok {
		return
	}
	kind := ""
	switch t := v.Type().Underlying().(type) {
	case *types.Map:
		kind = "map"
	case *types.Slice:
		kind = "slice"
	case *types.Pointer:
		if n, ok := types.Unalias(t.Elem()).(*types.Named); ok && n.Obj().Pkg() != nil {
			switch n.Obj().Pkg().Path() {
			case "container/list":
				kind = "list"
			case "container/ring":
				kind = "ring"
			}
		}
	}
	if kind == "" {
		return
	}
	w.f.accesses = append(w.f.accesses, access{e, loc, true, kind, write})
}

// storedTo reports whether the address a is stored to.
func storedTo(a *ssa.IndexAddr) bool {
	for _, u := range *a.Referrers() {
		if st, ok := u.(*ssa.Store); ok && st.Addr == a {
			return true
		}
	}
	return false
}

// rootedness tells whether a value is (part of) a shared object: reached
// from the receiver, a global, or a same-package callee's parameter bound
// to such a value, through fields, elements, loads, lookups and method
// calls on it. Fresh allocations (a constructor's) and other parameters
// are not shared.
type rootedness struct {
	fn  *ssa.Function
	env []bool // by parameter index
}

func (r rootedness) rooted(v ssa.Value) bool { return r.rootedFrom(v, nil) }

// rootedFrom is rooted, not looking again into the captured variables in
// seen (x = x.next stores x's own value back).
func (r rootedness) rootedFrom(v ssa.Value, seen map[*ssa.Alloc]bool) bool {
	for range 16 {
		switch x := v.(type) {
		case *ssa.Parameter:
			for i, p := range r.fn.Params {
				if p == x {
					return i < len(r.env) && r.env[i]
				}
			}
			return false
		case *ssa.Global, *ssa.FreeVar:
			return true
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.Lookup,
			*ssa.UnOp, *ssa.Extract, *ssa.TypeAssert, *ssa.ChangeType, *ssa.Convert:
			v = *x.(ssa.Instruction).Operands(nil)[0] // the object, map, tuple or value operated on
		case *ssa.Call:
			switch {
			case x.Call.IsInvoke():
				v = x.Call.Value
			case len(x.Call.Args) > 0 && x.Call.Signature().Recv() != nil:
				v = x.Call.Args[0]
			default:
				return false
			}
		case *ssa.Phi:
			if len(x.Edges) == 0 {
				return false
			}
			v = x.Edges[0]
		case *ssa.Alloc:
			// A variable captured by a closure (the receiver, spilled) is
			// shared if a shared value is stored in it; a fresh object
			// (&T{...}) is filled in field by field and is not.
			if seen[x] {
				return false
			}
			if seen == nil {
				seen = map[*ssa.Alloc]bool{}
			}
			seen[x] = true
			for _, u := range *x.Referrers() {
				if st, ok := u.(*ssa.Store); ok && st.Addr == x && r.rootedFrom(st.Val, seen) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

// instrPos returns a position for instr on its source line, or NoPos.
func instrPos(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	switch in := instr.(type) {
	case *ssa.UnOp:
		if fa, ok := in.X.(*ssa.FieldAddr); ok {
			return fa.Pos()
		}
	case *ssa.Store:
		if fa, ok := in.Addr.(*ssa.FieldAddr); ok {
			return fa.Pos()
		}
	}
	return token.NoPos
}
