package orderprocessor

import (
	"errors"
	"math"
	"testing"
)

var versions = []struct {
	name string
	new  func() *Processor
}{{"New", New}, {"NewFixed", NewFixed}}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			p := v.new()
			check := func(err, want error) {
				t.Helper()
				if !errors.Is(err, want) {
					t.Fatalf("got error %v, want %v", err, want)
				}
			}
			place := func(item string, qty int, wantID int, want error) {
				t.Helper()
				id, err := p.PlaceOrder(item, qty)
				check(err, want)
				if id != wantID {
					t.Fatalf("PlaceOrder(%q, %d) = %d, want %d", item, qty, id, wantID)
				}
			}
			check(p.AddStock("", 1), ErrInvalidItem)
			for _, qty := range []int{0, -1, math.MinInt} {
				check(p.AddStock("a", qty), ErrInvalidQuantity)
				place("a", qty, 0, ErrInvalidQuantity)
			}
			place("", 1, 0, ErrInvalidItem)
			place("a", 1, 0, ErrOutOfStock)
			check(p.AddStock("a", 3), nil)
			check(p.AddStock("a", math.MaxInt), ErrOverflow)
			place("a", 2, 1, nil)
			place("a", 2, 0, ErrOutOfStock)
			place("a", 1, 2, nil)
			if p.Stock("a") != 0 || p.Stock("b") != 0 || p.PendingOrders() != 2 {
				t.Fatalf("Stock %d Pending %d", p.Stock("a"), p.PendingOrders())
			}
			for _, id := range []int{0, -1, 3, math.MaxInt, math.MinInt} {
				check(p.CancelOrder(id), ErrNoOrder)
				check(p.ShipOrder(id), ErrNoOrder)
			}
			check(p.ShipOrder(2), nil)
			check(p.ShipOrder(2), ErrShipped)
			check(p.CancelOrder(2), ErrShipped)
			if p.PendingOrders() != 1 {
				t.Fatalf("Pending %d", p.PendingOrders())
			}
			check(p.AddStock("a", math.MaxInt-1), nil)
			check(p.CancelOrder(1), ErrOverflow) // 2 more units would overflow
			place("a", 1, 3, nil)
			check(p.CancelOrder(1), nil)
			check(p.CancelOrder(1), ErrNoOrder)
			if p.Stock("a") != math.MaxInt || p.PendingOrders() != 1 {
				t.Fatalf("Stock %d Pending %d", p.Stock("a"), p.PendingOrders())
			}
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
