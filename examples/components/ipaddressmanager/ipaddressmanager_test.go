package ipaddressmanager

import (
	"errors"
	"slices"
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
			alloc := func(client, want string) {
				t.Helper()
				got, err := m.Allocate(client)
				check(err, nil)
				if got != want {
					t.Fatalf("Allocate(%q) = %q, want %q", client, got, want)
				}
			}
			allocated := func(want ...string) {
				t.Helper()
				if got := m.Allocated(); !slices.Equal(got, want) {
					t.Fatalf("Allocated = %q, want %q", got, want)
				}
			}
			allocated()
			if _, err := m.Allocate(""); !errors.Is(err, ErrInvalidClient) {
				t.Fatalf("Allocate(\"\") error %v", err)
			}
			check(m.Release(""), ErrNoLease)
			alloc("a", "10.0.0.1")
			alloc("b", "10.0.0.2")
			alloc("a", "10.0.0.1")
			alloc("c", "10.0.0.3")
			if m.Free() != 0 {
				t.Fatalf("Free = %d", m.Free())
			}
			if _, err := m.Allocate("d"); !errors.Is(err, ErrExhausted) {
				t.Fatalf("Allocate(d) error %v", err)
			}
			allocated("10.0.0.1", "10.0.0.2", "10.0.0.3")
			check(m.Release("b"), nil)
			check(m.Release("b"), ErrNoLease)
			allocated("10.0.0.1", "10.0.0.3")
			check(m.Release("a"), nil)
			if m.Free() != 2 {
				t.Fatalf("Free = %d", m.Free())
			}
			alloc("d", "10.0.0.1") // the lowest free address
			if addr, ok := m.Lookup("d"); !ok || addr != "10.0.0.1" {
				t.Fatalf("Lookup(d) = %q, %v", addr, ok)
			}
			if _, ok := m.Lookup("a"); ok {
				t.Fatal("Lookup(a) after Release")
			}
			allocated("10.0.0.3", "10.0.0.1")
			if n := m.ReleaseAll(); n != 2 {
				t.Fatalf("ReleaseAll = %d", n)
			}
			allocated()
			if m.Free() != 3 || m.ReleaseAll() != 0 {
				t.Fatal("ReleaseAll did not free everything")
			}
			alloc("b", "10.0.0.1")
			alloc("a", "10.0.0.2")
			alloc("c", "10.0.0.3")
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
