package accountdatabase

import (
	"errors"
	"math"
	"slices"
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
			check(db.CreateAccount(""), ErrInvalidName)
			check(db.CreateAccount("a"), nil)
			check(db.CreateAccount("a"), ErrExists)
			check(db.CreateAccount("b"), nil)
			for _, amount := range []int{0, -1, math.MinInt} {
				check(db.Deposit("a", amount), ErrInvalidAmount)
				check(db.Withdraw("a", amount), ErrInvalidAmount)
				check(db.Transfer("a", "b", amount), ErrInvalidAmount)
			}
			check(db.Deposit("", 1), ErrNoAccount)
			check(db.Deposit("a", 2), nil)
			check(db.Deposit("b", math.MaxInt), ErrOverflow)
			check(db.Deposit("b", math.MaxInt-2), nil)
			check(db.Deposit("a", 1), ErrOverflow)
			if got := db.Total(); got != math.MaxInt {
				t.Fatalf("Total = %d", got)
			}
			check(db.Withdraw("b", math.MaxInt), ErrInsufficient)
			check(db.Withdraw("b", math.MaxInt-3), nil)
			check(db.Withdraw("c", 1), ErrNoAccount)
			check(db.Transfer("a", "a", 1), ErrSameAccount)
			check(db.Transfer("a", "c", 1), ErrNoAccount)
			check(db.Transfer("a", "b", 3), ErrInsufficient)
			check(db.Transfer("a", "b", 2), nil)
			if bal, err := db.Balance("a"); bal != 0 || err != nil {
				t.Fatalf("Balance(a) = %d, %v", bal, err)
			}
			if bal, err := db.Balance("b"); bal != 3 || err != nil {
				t.Fatalf("Balance(b) = %d, %v", bal, err)
			}
			if _, err := db.Balance(""); !errors.Is(err, ErrNoAccount) {
				t.Fatalf("Balance(\"\") error %v", err)
			}
			if db.Total() != 3 || db.Count() != 2 {
				t.Fatalf("Total %d Count %d", db.Total(), db.Count())
			}
			if got := db.Accounts(); !slices.Equal(got, []string{"a", "b"}) {
				t.Fatalf("Accounts = %q", got)
			}
		})
	}
}

func TestVersions(t *testing.T) {
	if New().fixed || !NewFixed().fixed {
		t.Fatal("New must be buggy and NewFixed fixed")
	}
}
