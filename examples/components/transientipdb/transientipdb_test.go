package transientipdb

import (
	"errors"
	"math"
	"testing"
)

var versions = []struct {
	name string
	new  func() *DB
}{{"New", New}, {"NewFixed", NewFixed}}

func TestSequential(t *testing.T) {
	for _, v := range versions {
		t.Run(v.name, func(t *testing.T) {
			db := v.new()
			check := func(err, want error) {
				t.Helper()
				if !errors.Is(err, want) {
					t.Fatalf("got error %v, want %v", err, want)
				}
			}
			check(db.Add("", "m", 1), ErrInvalidIP)
			check(db.Add("a", "m", math.MinInt), nil)
			check(db.Add("a", "n", 1), ErrExists)
			check(db.Add("b", "m", math.MaxInt), nil)
			check(db.Add("c", "", 2), nil)
			if db.Len() != 3 {
				t.Fatalf("Len = %d", db.Len())
			}
			if mac, ok := db.MacAddress("b"); !ok || mac != "m" {
				t.Fatalf("MacAddress(b) = %q, %v", mac, ok)
			}
			if _, ok := db.MacAddress(""); ok {
				t.Fatal("MacAddress(\"\") found")
			}
			if ip, ok := db.IPAddress("m"); !ok || ip != "a" {
				t.Fatalf("IPAddress(m) = %q, %v", ip, ok)
			}
			if ip, ok := db.IPAddress(""); !ok || ip != "c" {
				t.Fatalf("IPAddress(\"\") = %q, %v", ip, ok)
			}
			if _, ok := db.IPAddress("x"); ok {
				t.Fatal("IPAddress(x) found")
			}
			if exp, ok := db.ExpirationTime("a"); !ok || exp != math.MinInt {
				t.Fatalf("ExpirationTime(a) = %d, %v", exp, ok)
			}
			if _, ok := db.ExpirationTime("x"); ok {
				t.Fatal("ExpirationTime(x) found")
			}
			check(db.SetExpirationTime("x", 1), ErrNotFound)
			check(db.SetExpirationTime("a", 5), nil)
			if exp, _ := db.ExpirationTime("a"); exp != 5 {
				t.Fatalf("ExpirationTime(a) = %d after Set", exp)
			}
			if n := db.Expire(math.MinInt); n != 0 {
				t.Fatalf("Expire(MinInt) = %d", n)
			}
			if n := db.Expire(5); n != 1 { // only c (2) is before 5
				t.Fatalf("Expire(5) = %d", n)
			}
			if _, ok := db.MacAddress("c"); ok {
				t.Fatal("c not expired")
			}
			check(db.Remove("c"), ErrNotFound)
			check(db.Remove("a"), nil)
			if ip, ok := db.IPAddress("m"); !ok || ip != "b" {
				t.Fatalf("IPAddress(m) = %q, %v after Remove(a)", ip, ok)
			}
			if n := db.Expire(math.MaxInt); n != 0 {
				t.Fatalf("Expire(MaxInt) = %d", n)
			}
			if db.Len() != 1 {
				t.Fatalf("Len = %d", db.Len())
			}
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
