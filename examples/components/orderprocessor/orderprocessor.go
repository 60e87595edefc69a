// Package orderprocessor models OrderProcessor, the testing component into
// which Parizek and Plasil injected a lock-order deadlock in "Heuristic
// Reduction of Parallelism in Component Environment", CBSE 2008 (Section 3
// and Appendix A, pattern P1): there confirmOrder nests
// synchronized(orders){synchronized(invoices)} and payOrder nests them the
// other way round. Here the two locks guard the orders and the inventory;
// it is checked in the setting of Parizek and Kalibera, "Efficient
// Detection of Errors in Java Components Using Random Environment and
// Restarts", TACAS 2010.
//
// PlaceOrder and CancelOrder both change the stock and the order book, so
// both hold both locks, like the Java methods' nested synchronized blocks
// around their whole bodies.
//
// The bug is in CancelOrder (orderprocessor.go, method CancelOrder): the
// buggy processor takes ordersMu and then inventoryMu, while PlaceOrder
// takes inventoryMu and then ordersMu. A PlaceOrder and a CancelOrder
// that each get their first lock deadlock: both goroutines block forever
// on their second Lock. NewFixed takes inventoryMu first in CancelOrder
// too.
package orderprocessor

import (
	"errors"
	"sync"
)

const maxInt = int(^uint(0) >> 1)

// Errors returned by the processor.
var (
	ErrInvalidItem     = errors.New("orderprocessor: empty item name")
	ErrInvalidQuantity = errors.New("orderprocessor: quantity must be positive")
	ErrOverflow        = errors.New("orderprocessor: stock would overflow")
	ErrOutOfStock      = errors.New("orderprocessor: not enough stock")
	ErrNoOrder         = errors.New("orderprocessor: no such order")
	ErrShipped         = errors.New("orderprocessor: order already shipped")
)

type order struct {
	item    string
	qty     int
	shipped bool
}

// Processor is the order processor. Lock order: inventoryMu, then ordersMu.
type Processor struct {
	fixed bool

	inventoryMu sync.Mutex
	stock       map[string]int // item -> units in stock, guarded by inventoryMu

	ordersMu sync.Mutex
	orders   map[int]*order // guarded by ordersMu
	nextID   int            // id of the next order, guarded by ordersMu
}

// New returns an empty processor with the injected deadlock.
func New() *Processor { return newProcessor(false) }

// NewFixed returns an empty processor without the deadlock.
func NewFixed() *Processor { return newProcessor(true) }

func newProcessor(fixed bool) *Processor {
	return &Processor{fixed: fixed, stock: map[string]int{}, orders: map[int]*order{}, nextID: 1}
}

// AddStock adds qty units of item to the inventory.
func (p *Processor) AddStock(item string, qty int) error {
	if item == "" {
		return ErrInvalidItem
	}
	if qty <= 0 {
		return ErrInvalidQuantity
	}
	p.inventoryMu.Lock()
	defer p.inventoryMu.Unlock()
	if p.stock[item] > maxInt-qty {
		return ErrOverflow
	}
	p.stock[item] += qty
	return nil
}

// PlaceOrder takes qty units of item from the inventory for a new order
// and returns the order's id.
func (p *Processor) PlaceOrder(item string, qty int) (int, error) {
	p.inventoryMu.Lock()
	defer p.inventoryMu.Unlock()
	p.ordersMu.Lock()
	defer p.ordersMu.Unlock()
	if item == "" {
		return 0, ErrInvalidItem
	}
	if qty <= 0 {
		return 0, ErrInvalidQuantity
	}
	if p.stock[item] < qty {
		return 0, ErrOutOfStock
	}
	p.stock[item] -= qty
	id := p.nextID
	p.nextID++
	p.orders[id] = &order{item: item, qty: qty}
	return id, nil
}

// CancelOrder cancels an order that has not shipped and puts its units
// back in stock.
func (p *Processor) CancelOrder(id int) error {
	if p.fixed {
		p.inventoryMu.Lock()
		defer p.inventoryMu.Unlock()
		p.ordersMu.Lock()
		defer p.ordersMu.Unlock()
	} else {
		// injected bug: the locks are taken in the opposite order to
		// PlaceOrder's, so the two can deadlock.
		p.ordersMu.Lock()
		defer p.ordersMu.Unlock()
		p.inventoryMu.Lock()
		defer p.inventoryMu.Unlock()
	}
	o, ok := p.orders[id]
	if !ok {
		return ErrNoOrder
	}
	if o.shipped {
		return ErrShipped
	}
	if p.stock[o.item] > maxInt-o.qty {
		return ErrOverflow
	}
	p.stock[o.item] += o.qty
	delete(p.orders, id)
	return nil
}

// ShipOrder marks an order shipped; it can no longer be cancelled.
func (p *Processor) ShipOrder(id int) error {
	p.ordersMu.Lock()
	defer p.ordersMu.Unlock()
	o, ok := p.orders[id]
	if !ok {
		return ErrNoOrder
	}
	if o.shipped {
		return ErrShipped
	}
	o.shipped = true
	return nil
}

// Stock returns the units of item in stock.
func (p *Processor) Stock(item string) int {
	p.inventoryMu.Lock()
	defer p.inventoryMu.Unlock()
	return p.stock[item]
}

// PendingOrders returns the number of orders placed but not shipped or
// cancelled.
func (p *Processor) PendingOrders() int {
	p.ordersMu.Lock()
	defer p.ordersMu.Unlock()
	n := 0
	for _, o := range p.orders {
		if !o.shipped {
			n++
		}
	}
	return n
}
