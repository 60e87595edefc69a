// Package p1 holds instances of P1 (locks nested in cyclic order) and
// code that must not be reported.
package p1

import "sync"

// Proc has two locks that PlaceOrder and CancelOrder nest in opposite
// orders: a 2-cycle between locks of one type (t1 = t2, weight 0.3).
type Proc struct {
	inv, orders sync.Mutex
	stock, n    int
}

func (p *Proc) PlaceOrder() {
	p.inv.Lock()
	defer p.inv.Unlock()
	p.orders.Lock() // want `P1: lock order cycle: \(\*Proc\)\.inv → \(\*Proc\)\.orders in \(\*Proc\)\.PlaceOrder; \(\*Proc\)\.orders → \(\*Proc\)\.inv in \(\*Proc\)\.CancelOrder \(weight 0\.3\)`
	defer p.orders.Unlock()
	p.stock--
	p.n++
}

func (p *Proc) CancelOrder() {
	p.orders.Lock()
	defer p.orders.Unlock()
	p.inv.Lock()
	defer p.inv.Unlock()
	p.stock++
	p.n--
}

// Ship takes the two locks one after the other, never nested: no edge.
func (p *Proc) Ship() {
	p.orders.Lock()
	p.n--
	p.orders.Unlock()
	p.inv.Lock()
	p.stock++
	p.inv.Unlock()
}

// Bank and Ledger: a 2-cycle between locks of different types (t1 ≠ t2,
// weight 1), one side through a helper followed one level.
type Bank struct {
	mu     sync.Mutex
	ledger *Ledger
	total  int
}

type Ledger struct {
	mu      sync.RWMutex
	entries int
	bank    *Bank
}

func (b *Bank) Deposit() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.total++
	b.ledger.record()
}

// record is not a root; it is followed from Deposit.
func (l *Ledger) record() {
	l.mu.Lock() // want `P1: lock order cycle: \(\*Bank\)\.mu → \(\*Ledger\)\.mu in \(\*Bank\)\.Deposit \(via \(\*Ledger\)\.record\); \(\*Ledger\)\.mu → \(\*Bank\)\.mu in \(\*Ledger\)\.Audit \(weight 1\)`
	l.entries++
	l.mu.Unlock()
}

func (l *Ledger) Audit() int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	l.bank.mu.Lock()
	defer l.bank.mu.Unlock()
	return l.entries + l.bank.total
}

// Three locks in a 3-cycle over three methods, which no pair of them
// shows (the example of Parizek and Plasil 2008, Sect. 4).
var la, lb, lc sync.Mutex

func MethodA() {
	la.Lock()
	lb.Lock() // want `P1: lock order cycle: p1\.la → p1\.lb in MethodA; p1\.lb → p1\.lc in MethodB, p1\.lc → p1\.la in MethodC \(weight 0\.3\)`
	lb.Unlock()
	la.Unlock()
}

func MethodB() {
	lb.Lock()
	lc.Lock()
	lc.Unlock()
	lb.Unlock()
}

func MethodC() {
	lc.Lock()
	la.Lock()
	la.Unlock()
	lc.Unlock()
}

// Account: Transfer nests two instances of one lock, which two transfers
// in opposite directions take in opposite orders.
type Account struct {
	mu      sync.Mutex
	balance int
}

func Transfer(from, to *Account, n int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock() // want `P1: \(\*Account\)\.mu acquired while an instance of it is held in Transfer`
	defer to.mu.Unlock()
	from.balance -= n
	to.balance += n
}

// Ordered takes its locks always in the same order: no cycle.
type Ordered struct {
	a, b sync.Mutex
	x    int
}

func (o *Ordered) One() {
	o.a.Lock()
	o.b.Lock()
	o.x++
	o.b.Unlock()
	o.a.Unlock()
}

func (o *Ordered) Two() {
	o.a.Lock()
	defer o.a.Unlock()
	o.b.Lock()
	defer o.b.Unlock()
	o.x--
}

// Gated nests its locks in both orders, but always under the gate lock:
// the cycle cannot deadlock and is not reported.
type Gated struct {
	gate, a, b sync.Mutex
	x          int
}

func (g *Gated) AB() {
	g.gate.Lock()
	defer g.gate.Unlock()
	g.a.Lock()
	g.b.Lock()
	g.x++
	g.b.Unlock()
	g.a.Unlock()
}

func (g *Gated) BA() {
	g.gate.Lock()
	defer g.gate.Unlock()
	g.b.Lock()
	g.a.Lock()
	g.x--
	g.a.Unlock()
	g.b.Unlock()
}

// Segments locks the elements of an array one at a time in a loop; the
// loop does not hold a lock across iterations as far as a must-analysis
// knows, so there is no self-edge.
type Segments struct {
	segs [4]struct {
		mu sync.Mutex
		n  int
	}
}

func (s *Segments) Sum() int {
	t := 0
	for i := range s.segs {
		s.segs[i].mu.Lock()
		t += s.segs[i].n
		s.segs[i].mu.Unlock()
	}
	return t
}

// Two struct values with one lock type each: (*Pair).x.mu and
// (*Pair).y.mu are two locks, always taken x first.
type half struct {
	mu sync.Mutex
	v  int
}

type Pair struct{ x, y half }

func (p *Pair) Both() {
	p.x.mu.Lock()
	defer p.x.mu.Unlock()
	p.y.mu.Lock()
	defer p.y.mu.Unlock()
	p.y.v = p.x.v
}

func (p *Pair) BothAgain() {
	p.x.mu.Lock()
	p.y.mu.Lock()
	p.x.v = p.y.v
	p.y.mu.Unlock()
	p.x.mu.Unlock()
}

// Helpers: get unlocks by defer, so Twice holds nothing after a call to
// it, and both methods take other before mu: no cycle.
type Helpers struct {
	mu, other sync.Mutex
	x         int
}

func (h *Helpers) get() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.x
}

func (h *Helpers) Twice() int {
	a := h.get()
	h.other.Lock()
	defer h.other.Unlock()
	return a + h.get()
}

func (h *Helpers) Other() {
	h.other.Lock()
	defer h.other.Unlock()
	h.mu.Lock()
	h.x++
	h.mu.Unlock()
}
