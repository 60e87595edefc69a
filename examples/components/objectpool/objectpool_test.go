package objectpool

import (
	"errors"
	"math"
	"testing"
)

var versions = []struct {
	name string
	new  func() *Pool
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
			counts := func(idle, active int) {
				t.Helper()
				if p.NumIdle() != idle || p.NumActive() != active {
					t.Fatalf("idle %d active %d, want %d %d", p.NumIdle(), p.NumActive(), idle, active)
				}
			}
			for _, id := range []int{0, 1, 2, -1, math.MaxInt, math.MinInt} {
				check(p.Return(id), ErrNotActive)
				check(p.Invalidate(id), ErrNotActive)
			}
			a, err := p.Borrow()
			check(err, nil)
			b, err := p.Borrow()
			check(err, nil)
			if a != 0 || b != 1 {
				t.Fatalf("ids %d %d", a, b)
			}
			counts(0, 2)
			_, err = p.Borrow()
			check(err, ErrExhausted)
			check(p.Return(a), nil)
			check(p.Return(a), ErrNotActive)
			counts(1, 1)
			c, err := p.Borrow() // reuses a
			check(err, nil)
			if c != a {
				t.Fatalf("borrowed %d, want idle %d", c, a)
			}
			check(p.Invalidate(c), nil)
			check(p.Invalidate(c), ErrNotActive)
			counts(0, 1)
			check(p.AddObject(), nil)
			check(p.AddObject(), nil)
			check(p.AddObject(), ErrIdleFull)
			counts(2, 1)
			check(p.Return(b), nil) // idle is full: b is destroyed
			counts(2, 0)
			d, err := p.Borrow() // the last added object, LIFO
			check(err, nil)
			if d != 3 {
				t.Fatalf("borrowed %d, want 3", d)
			}
			if n := p.Clear(); n != 1 {
				t.Fatalf("Clear = %d", n)
			}
			counts(0, 1)
			check(p.Return(d), nil)
			counts(1, 0)
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
