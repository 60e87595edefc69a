package pessimistic

import (
	"errors"
	"math"
	"testing"
)

var versions = []struct {
	name string
	new  func() *Manager
}{{"New", New}, {"NewFixed", NewFixed}}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			m := v.new()
			check := func(err, want error) {
				t.Helper()
				if !errors.Is(err, want) {
					t.Fatalf("got error %v, want %v", err, want)
				}
			}
			read := func(ctx, name string, want int) {
				t.Helper()
				if got := m.Read(ctx, name); got != want {
					t.Fatalf("Read(%q, %q) = %d, want %d", ctx, name, got, want)
				}
			}
			read("a", "x", 0)
			if !m.Validate("a") {
				t.Fatal("unknown context does not validate")
			}
			check(m.Commit("a"), ErrNoContext)
			check(m.Rollback("a"), ErrNoContext)

			// A context is created by Begin or by its first Write.
			check(m.Begin("a"), nil)
			check(m.Write("a", "x", math.MaxInt), nil)
			check(m.Write("a", "x", 1), nil) // the lock is re-entrant
			check(m.Begin("a"), ErrActive)
			check(m.Write("", "", math.MinInt), nil)
			read("a", "x", 1) // its own uncommitted value
			read("b", "x", 0) // the committed one
			read("", "", math.MinInt)
			check(m.Commit("a"), nil)
			check(m.Commit("a"), ErrNoContext)
			read("b", "x", 1)

			// A conflict makes the writer rollback-only.
			check(m.Write("b", "", 2), ErrConflict)
			if m.Validate("b") || !m.Validate("") {
				t.Fatal("Validate after a conflict")
			}
			check(m.Write("b", "x", 2), ErrRollbackOnly)
			check(m.Commit("b"), ErrRollbackOnly)
			check(m.Rollback("b"), nil)
			check(m.Rollback(""), nil)
			read("b", "", 0) // "" never committed
			if m.Validate("") {
				t.Fatal("rolled-back context validates")
			}
			check(m.Write("", "x", 3), ErrRollbackOnly)
			check(m.Begin(""), nil)
			if !m.Validate("") {
				t.Fatal("restarted context does not validate")
			}
			check(m.Write("", "x", -1), nil)
			check(m.Rollback(""), nil)
			read("", "x", 1)
			check(m.Begin(""), nil)
			check(m.Write("", "x", 0), nil)
			check(m.Commit(""), nil)
			read("a", "x", 0)
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
