package ssainterp

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// chanV is an interpreted channel.
type chanV struct {
	elem   *rtype
	cap    int
	buf    []value // queued elements, head first
	closed bool
	recvq  []*sudog // goroutines stopped before a receive (or select) on it
	sendq  []*sudog
	timer  *timer // for channels made by the time model
	id     int
	vc     objClock // the race detector's clock of the channel (syncClock)
}

// sudog records a goroutine stopped before a channel operation, so that a
// partner can complete the operation on its behalf (the runtime's sudog).
type sudog struct {
	g       *goroutine
	ch      *chanV
	send    bool
	val     value // the value to send
	dst     int   // register receiving the result
	commaOk bool
	sel     *selState
	caseIdx int
}

// opKind names a visible operation.
type opKind uint8

const (
	opNone opKind = iota
	opSend
	opRecv
	opClose
	opSelect
	opGo
	opModel // an operation of a modelled sync/time/runtime object
	opMem   // a load or store of shared memory
)

// opDesc describes the visible operation a goroutine is stopped before.
type opDesc struct {
	kind   opKind
	obj    any        // *chanV, or the modelled object
	wait   WaitReason // what the goroutine is stopped before
	pos    token.Pos
	ready  readiness // nil: always enabled
	sudogs []*sudog
	wake   int64   // a sleep's deadline on the virtual clock
	addr   any     // the memory a load or store (opMem) accesses
	write  bool    // opMem: a store
	sh     *shadow // opMem: addr's shadow, for the access when it goes ahead (memAccess)
}

// A readiness says whether a goroutine stopped before a visible
// operation can perform it (opDesc.ready). An operation on an object
// that knows is a named type over the object (lockReady over the
// mutex's state): no allocation per operation, as a closure over the
// object would be.
type readiness interface{ ready(g *goroutine) bool }

// readyFunc is a readiness that a function computes.
type readyFunc func(g *goroutine) bool

func (f readyFunc) ready(g *goroutine) bool { return f(g) }

// reason is d's wait reason in words, as a Goroutine's Op: a Harness's
// wait by its caller's name ("mcheck.Component wait").
func (d *opDesc) reason() string {
	if d.wait == WaitHarness {
		if r, ok := d.obj.(*harnessRun); ok {
			return r.h.Caller + " wait"
		}
	}
	return d.wait.String()
}

// enabled reports whether g can make progress now.
func (m *Machine) enabled(g *goroutine) bool {
	switch g.state {
	case gRunnable:
		return true
	case gPending:
		return g.pending.ready == nil || g.pending.ready.ready(g)
	}
	return false
}

// visible reports whether fr's goroutine may perform its visible operation
// d now. If not, d becomes the goroutine's pending operation and the caller
// must stop: rewind the pc and return nil. In a callback from native code
// the operation runs at once if it is enabled.
func (m *Machine) visible(fr *frame, d *opDesc) bool {
	g := fr.g
	if g.granted {
		g.granted = false
		if d.kind != opMem {
			m.readyEpoch++ // (enabledSet)
		}
		m.chanAccess(fr, d.kind, d.obj)
		m.syncWith(g, d.obj)
		return true
	}
	if g.nested > 0 {
		if d.ready == nil || d.ready.ready(g) {
			if d.kind != opMem {
				m.readyEpoch++
			}
			m.chanAccess(fr, d.kind, d.obj)
			m.syncWith(g, d.obj)
			return true
		}
		unsupported("blocking operation (%s) in a function called from native code", d.reason())
	}
	if i := fr.pc - 1; i >= 0 && i < len(fr.fn.pos) {
		d.pos = fr.fn.pos[i]
	}
	for _, s := range d.sudogs {
		if s.send {
			s.ch.sendq = append(s.ch.sendq, s)
		} else {
			s.ch.recvq = append(s.ch.recvq, s)
		}
	}
	if d.ready != nil || len(d.sudogs) != 0 {
		// It may not move, or it is in a channel's queue, where it may be
		// a partner of another's operation (enabledSet).
		m.readyEpoch++
	}
	g.pending = *d
	g.state, g.stopClock = gPending, m.clockMoves
	return false
}

// chanAccess checks and records the memory access that Go's race
// detector sees in a channel operation about to run: runtime.chansend
// reads c.raceaddr() (racereadpc, first thing, and selectgo for a send
// case) and runtime.closechan writes it (racewritepc, after the check for
// a closed channel, so a second close panics without racing); receives
// access nothing. It runs before the operation synchronises on the
// channel (syncWith), as the runtime's accesses come before its
// release and acquire, so a send and a close that nothing else orders
// race, as under go test -race, even though a panic "send on closed
// channel" may be recovered.
func (m *Machine) chanAccess(fr *frame, kind opKind, obj any) {
	cv, _ := obj.(*chanV)
	if cv == nil || !m.cfg.Races || !m.watch { // one goroutine: nothing can race
		return
	}
	switch {
	case kind == opSend:
		m.checkRace(fr, cv, m.shadowOf(cv, fr.g.id), opChanSend)
	case kind == opClose && !cv.closed:
		m.checkRace(fr, cv, m.shadowOf(cv, fr.g.id), opChanClose)
	}
}

// dequeue removes g's sudogs from the channels' wait queues.
func (g *goroutine) dequeue() {
	for _, s := range g.pending.sudogs {
		if s.send {
			s.ch.sendq = removeSudog(s.ch.sendq, s)
		} else {
			s.ch.recvq = removeSudog(s.ch.recvq, s)
		}
	}
	g.pending.sudogs = nil
}

func removeSudog(q []*sudog, s *sudog) []*sudog {
	for i, x := range q {
		if x == s {
			return append(q[:i:i], q[i+1:]...)
		}
	}
	return q
}

// partner returns the first sudog in q of a goroutine other than g with
// which g's operation may complete; parks says whether g's operation
// could block (see parks).
//
// Every goroutine in a queue is stopped before its operation, not parked
// in it: a partner completes the operation as if it had parked first.
// That is an interleaving Go has for a send or a receive, and for a
// select that would park (no case ready by a buffer or a closed channel,
// no default). A select that would not park (its context's Done is
// closed) is a partner only if g's operation could have parked first, so
// that the select, run after it, finds both cases ready and may take
// either; or if the case itself is ready without a partner (room in a
// buffer). Otherwise the select would never see g waiting: a receive
// from a pending select { case ch <- v: case <-done: } after done was
// closed would hand it a value no schedule of Go gives
// (thejerf/suture's TestStoppingSupervisorStopsServices). Not seen by
// partial-order reduction (Access): whether a select with a ready case of
// its own may take a value from such a stopped select depends on that
// select's other channels, which its Objects do not name.
func partner(q []*sudog, g *goroutine, parks bool) *sudog {
	for _, s := range q {
		if s.g != g && (parks || s.sel == nil || s.ready() || selectParks(s.g.pending.sudogs, s.sel.blocking)) {
			return s
		}
	}
	return nil
}

// ready reports whether s's operation can complete without a partner: a
// buffer with a value or with room, or a closed channel.
func (s *sudog) ready() bool {
	if s.send {
		return s.ch.closed || len(s.ch.buf) < s.ch.cap
	}
	return len(s.ch.buf) > 0 || s.ch.closed
}

// selectParks reports whether a select over cases sgs would block,
// were it run now with no other goroutine parked: it has no default,
// and no case can complete without a partner.
func selectParks(sgs []*sudog, blocking bool) bool {
	return blocking && !slices.ContainsFunc(sgs, (*sudog).ready)
}

// canRecv reports whether g can receive from ch now; parks says whether
// g's operation could block (partner).
func (ch *chanV) canRecv(g *goroutine, parks bool) bool {
	return len(ch.buf) > 0 || ch.closed || partner(ch.sendq, g, parks) != nil
}

// canSend reports whether g can send on ch now (see canRecv).
func (ch *chanV) canSend(g *goroutine, parks bool) bool {
	return ch.closed || len(ch.buf) < ch.cap || (len(ch.buf) == 0 && partner(ch.recvq, g, parks) != nil)
}

// complete finishes the operation of the partner goroutine s.g on its
// behalf: its result lands in its register and it resumes after the op.
func (m *Machine) complete(s *sudog, v value, ok bool) {
	g := s.g
	fr := g.top
	if s.sel != nil {
		fr.regs[s.dst] = s.sel.result(m, s.caseIdx, v, ok)
	} else if !s.send {
		if s.commaOk {
			fr.regs[s.dst] = m.tuple2(v, boolVal(ok))
		} else {
			fr.regs[s.dst] = v
		}
	}
	g.dequeue()
	m.syncWith(g, s.ch)
	fr.pc++ // past the operation
	g.state = gRunnable
	g.pending = opDesc{}
}

// chanRecv performs a receive that is enabled; parks says whether g's
// operation could have blocked (partner).
func (m *Machine) chanRecv(g *goroutine, ch *chanV, parks bool) (value, bool) {
	if len(ch.buf) > 0 {
		v := ch.buf[0]
		ch.buf[0] = value{}
		ch.buf = ch.buf[1:]
		if s := partner(ch.sendq, g, false); s != nil {
			// A sender was waiting for room: its value joins the queue.
			ch.buf = append(ch.buf, s.val)
			m.complete(s, value{}, true)
			m.syncWith(g, ch)
		}
		return v, true
	}
	if s := partner(ch.sendq, g, parks); s != nil {
		v := s.val
		m.complete(s, value{}, true)
		m.syncWith(g, ch) // the sender's release, just made, is acquired
		return v, true
	}
	if ch.closed {
		return ch.elem.zero(), false
	}
	panic(&internalFault{msg: "internal error: receive performed while not enabled"})
}

// chanSend performs a send that is enabled (see chanRecv).
func (m *Machine) chanSend(g *goroutine, ch *chanV, v value, parks bool) {
	if ch.closed {
		throwPanic(plainErr("send on closed channel"))
	}
	if len(ch.buf) == 0 {
		if s := partner(ch.recvq, g, parks); s != nil {
			m.complete(s, v, true)
			m.syncWith(g, ch)
			return
		}
	}
	if len(ch.buf) < ch.cap {
		ch.buf = append(ch.buf, v)
		return
	}
	panic(&internalFault{msg: "internal error: send performed while not enabled"})
}

func (m *Machine) chanClose(ch *chanV) {
	if ch == nil {
		throwPanic(plainErr("close of nil channel"))
	}
	if ch.closed {
		throwPanic(plainErr("close of closed channel"))
	}
	// A select stopped before it with no case that could go ahead since
	// before the clock last moved is parked in it (a goroutine preempted
	// before the select instead would have been stalled while time
	// passed, which a barrier's timers never do and the default's count
	// as timing slack), and the close wakes it with its case on ch, as
	// Go's closechan readies the goroutines that wait on ch: it does not
	// go on to see the cases that become ready after (a done channel that
	// a goroutine woken by the same close closes next). One stopped since
	// the clock last moved may be either, and is left to run the select
	// (closepark/either in sched's testdata). A goroutine stopped before a
	// plain receive or send finds ch closed when it runs: the same result.
	// A parked select's send case on ch is woken too, after the receive
	// cases as closechan does, and the select panics when it runs ("send
	// on closed channel"): it keeps that case alone, out of the queues,
	// so that no partner completes another (closepark/sendpanic).
	var parked []*sudog
	for _, q := range [][]*sudog{ch.recvq, ch.sendq} {
		for _, s := range q {
			if s.sel != nil && s.g.state == gPending && s.g.stopClock != m.clockMoves && !m.enabled(s.g) {
				parked = append(parked, s)
			}
		}
	}
	ch.closed = true
	for _, s := range parked {
		switch g := s.g; {
		case g.state != gPending || g.pending.ready == nil:
			// Woken by its first case on ch (a receive, or a send case
			// before it).
		case !s.send:
			m.complete(s, ch.elem.zero(), false)
		default:
			g.dequeue()
			g.pending.sudogs, g.pending.ready = []*sudog{s}, nil
		}
	}
}

func (c *compiler) makeChan(ins *ssa.MakeChan) op {
	rt := c.rt(ins.Type())
	sz, d := c.slot(ins.Size), c.slots[ins]
	signed := c.rt(ins.Size.Type()).kind.isSigned()
	return func(fr *frame) *frame {
		n := fr.regs[sz].n
		if (signed && int64(n) < 0) || n > 1<<32 {
			throwPanic(plainErr("makechan: size out of range"))
		}
		m := fr.g.m
		m.alloc(chanBytes + n*valueSize)
		m.nextChan++
		fr.regs[d] = value{r: &chanV{elem: rt.elem, cap: int(n), id: m.nextChan}}
		return fr
	}
}

func (c *compiler) send(ins *ssa.Send) op {
	ch, x := c.slot(ins.Chan), c.slot(ins.X)
	return func(fr *frame) *frame {
		g := fr.g
		m := g.m
		cv, _ := fr.regs[ch].r.(*chanV)
		if cv == nil {
			if !m.visible(fr, &opDesc{kind: opSend, wait: WaitChanSendNil, ready: never{}}) {
				fr.pc--
				return nil
			}
			return nil
		}
		s := &sudog{g: g, ch: cv, send: true, val: fr.regs[x]}
		if !m.visible(fr, &opDesc{kind: opSend, obj: cv, wait: WaitChanSend, sudogs: []*sudog{s},
			ready: (*sendReady)(cv)}) {
			fr.pc--
			return nil
		}
		g.dequeue()
		m.chanSend(g, cv, fr.regs[x], true)
		return fr
	}
}

// never is the readiness of an operation that blocks forever.
type never struct{}

func (never) ready(*goroutine) bool { return false }

// sendReady and recvReady are the readiness of a send on and a receive
// from a channel.
type (
	sendReady chanV
	recvReady chanV
)

// A send or a receive parks when it cannot complete without a partner.
func (c *sendReady) ready(g *goroutine) bool { return (*chanV)(c).canSend(g, true) }
func (c *recvReady) ready(g *goroutine) bool { return (*chanV)(c).canRecv(g, true) }

func (c *compiler) recv(ins *ssa.UnOp) op {
	ch, d := c.slot(ins.X), c.slots[ins]
	commaOk := ins.CommaOk
	return func(fr *frame) *frame {
		g := fr.g
		m := g.m
		cv, _ := fr.regs[ch].r.(*chanV)
		if cv == nil {
			if !m.visible(fr, &opDesc{kind: opRecv, wait: WaitChanRecvNil, ready: never{}}) {
				fr.pc--
			}
			return nil
		}
		s := &sudog{g: g, ch: cv, dst: d, commaOk: commaOk}
		if !m.visible(fr, &opDesc{kind: opRecv, obj: cv, wait: WaitChanRecv, sudogs: []*sudog{s},
			ready: (*recvReady)(cv)}) {
			fr.pc--
			return nil
		}
		g.dequeue()
		v, ok := m.chanRecv(g, cv, true)
		if commaOk {
			fr.regs[d] = m.tuple2(v, boolVal(ok))
		} else {
			fr.regs[d] = v
		}
		return fr
	}
}

// selState is a select statement a goroutine is stopped at.
type selState struct {
	blocking bool // no default case
	states   []*ssa.SelectState
	nrecv    int
	recvAt   []int // index among receive cases, per case
}

// result builds the select's result tuple (index, recvOk, r0, r1, ...).
// Receive values of cases not taken are never read and stay zero.
func (s *selState) result(m *Machine, idx int, v value, ok bool) value {
	t := m.tuple(2 + s.nrecv)
	t[0] = intVal(int64(idx))
	if idx >= 0 && s.states[idx].Dir == types.RecvOnly {
		t[1] = boolVal(ok)
		t[2+s.recvAt[idx]] = v
	}
	return value{r: t}
}

func (c *compiler) selectOp(ins *ssa.Select) op {
	st := &selState{blocking: ins.Blocking, states: ins.States, recvAt: make([]int, len(ins.States))}
	chs := make([]int, len(ins.States))
	sends := make([]int, len(ins.States))
	for i, s := range ins.States {
		chs[i] = c.slot(s.Chan)
		if s.Dir == types.SendOnly {
			sends[i] = c.slot(s.Send)
		} else {
			st.recvAt[i] = st.nrecv
			st.nrecv++
		}
	}
	blocking := ins.Blocking
	d := c.slots[ins]
	return func(fr *frame) *frame {
		g := fr.g
		m := g.m
		var sgs []*sudog
		var ready readiness
		if p := &g.pending; g.granted && len(p.sudogs) > 0 && p.sudogs[0].sel == st {
			// The scheduler chose this goroutine's select, stopped
			// here: its cases' sudogs are the ones made then, from the
			// same registers (a sudog does not change once made).
			sgs = p.sudogs
		} else {
			sgs, ready = st.cases(fr, chs, sends, d, blocking)
		}
		wait := WaitSelect
		if len(sgs) == 0 && blocking {
			wait = WaitSelectNoCases
		}
		if !m.visible(fr, &opDesc{kind: opSelect, wait: wait, sudogs: sgs, ready: ready}) {
			fr.pc--
			return nil
		}
		g.dequeue()
		parks := selectParks(sgs, blocking)
		var candBuf [4]*sudog
		cands := candBuf[:0]
		for _, s := range sgs {
			if (s.send && s.ch.canSend(g, parks)) || (!s.send && s.ch.canRecv(g, parks)) {
				cands = append(cands, s)
			}
		}
		if len(cands) == 0 {
			fr.regs[d] = st.result(m, -1, value{}, false)
			return fr
		}
		s := cands[0]
		if len(cands) > 1 {
			s = cands[m.choose(len(cands))]
		}
		if s.send {
			m.chanAccess(fr, opSend, s.ch)
		}
		m.syncWith(g, s.ch)
		if s.send {
			m.chanSend(g, s.ch, s.val, parks)
			fr.regs[d] = st.result(m, s.caseIdx, value{}, false)
		} else {
			v, ok := m.chanRecv(g, s.ch, parks)
			fr.regs[d] = st.result(m, s.caseIdx, v, ok)
		}
		return fr
	}
}

// cases makes the sudogs of a select's cases from fr's registers (chs,
// sends: the registers of each case's channel and value sent; d: the
// result's), and the readiness of the select.
func (st *selState) cases(fr *frame, chs, sends []int, d int, blocking bool) ([]*sudog, readiness) {
	c := &fr.g.sel
	if cap(c.buf) < len(st.states) {
		c.buf, c.sgs = make([]sudog, len(st.states)), make([]*sudog, 0, len(st.states))
	}
	sgs := c.sgs[:0]
	for i, s := range st.states {
		cv, _ := fr.regs[chs[i]].r.(*chanV)
		if cv == nil {
			continue // a nil channel's case is never ready
		}
		sg := &c.buf[len(sgs)]
		*sg = sudog{g: fr.g, ch: cv, send: s.Dir == types.SendOnly, dst: d, sel: st, caseIdx: i}
		if sg.send {
			sg.val = fr.regs[sends[i]]
		}
		sgs = append(sgs, sg)
	}
	c.sgs, c.blocking = sgs, blocking
	return sgs, c
}

// selCases is the select a goroutine runs: its cases' sudogs, in an
// array the goroutine keeps from one select to the next (it runs one at
// a time, and a select's sudogs leave the channels' queues when it
// completes, dequeue), and whether it blocks. As a readiness, it says
// whether one of the cases may proceed.
type selCases struct {
	buf      []sudog
	sgs      []*sudog
	blocking bool
}

func (c *selCases) ready(g *goroutine) bool {
	if !c.blocking || !selectParks(c.sgs, c.blocking) {
		return true // a default, or a case ready without a partner
	}
	for _, s := range c.sgs {
		if (s.send && s.ch.canSend(g, true)) || (!s.send && s.ch.canRecv(g, true)) {
			return true
		}
	}
	return false
}

// choose picks one of n alternatives (a select among ready cases).
func (m *Machine) choose(n int) int {
	if m.cfg.Choose != nil {
		return m.cfg.Choose(n)
	}
	return m.rng.IntN(n)
}
