package hashmap

import (
	"math"
	"testing"
)

var versions = []struct {
	name string
	new  func() *Map
}{{"New", New}, {"NewFixed", NewFixed}}

var keys = []int{0, 1, 2, -1, math.MaxInt, math.MinInt}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			m := v.new()
			if !m.IsEmpty() || m.Size() != 0 {
				t.Fatal("new map not empty")
			}
			if _, ok := m.Get(1); ok || m.ContainsKey(1) {
				t.Fatal("Get on empty map")
			}
			if _, ok := m.Remove(1); ok {
				t.Fatal("Remove on empty map")
			}
			for i, k := range keys {
				if _, ok := m.Put(k, i); ok {
					t.Fatalf("Put(%d) replaced", k)
				}
				if m.Size() != i+1 {
					t.Fatalf("Size = %d after %d puts", m.Size(), i+1)
				}
			}
			for i, k := range keys {
				if got, ok := m.Get(k); !ok || got != i {
					t.Fatalf("Get(%d) = %d, %v", k, got, ok)
				}
				if !m.ContainsKey(k) {
					t.Fatalf("ContainsKey(%d)", k)
				}
			}
			if old, ok := m.Put(math.MinInt, 7); !ok || old != 5 {
				t.Fatalf("Put replace = %d, %v", old, ok)
			}
			if got, _ := m.Get(math.MinInt); got != 7 || m.Size() != len(keys) {
				t.Fatal("replace changed the wrong thing")
			}
			if old, ok := m.Remove(-1); !ok || old != 3 {
				t.Fatalf("Remove(-1) = %d, %v", old, ok)
			}
			if _, ok := m.Remove(-1); ok || m.ContainsKey(-1) || m.Size() != len(keys)-1 {
				t.Fatal("Remove(-1) twice")
			}
			if got, ok := m.Get(0); !ok || got != 0 {
				t.Fatalf("Get(0) after removing its bucket mate = %d, %v", got, ok)
			}
			m.Clear()
			if !m.IsEmpty() || m.Size() != 0 || m.ContainsKey(0) {
				t.Fatal("Clear left entries")
			}
			// Many keys: rehashing keeps every entry.
			for k := range 100 {
				m.Put(k, -k)
			}
			for k := range 100 {
				if got, ok := m.Get(k); !ok || got != -k {
					t.Fatalf("Get(%d) = %d, %v after rehash", k, got, ok)
				}
			}
			if m.Size() != 100 {
				t.Fatalf("Size = %d", m.Size())
			}
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
