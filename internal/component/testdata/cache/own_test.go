package cache

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// own is an option of the test's own: a value of its type, wrapping one
// of package mcheck's. go test applies it; mcheck test cannot read it.
type own struct{ mcheck.ComponentOption }

// TestOwnOption passes an option of its own: go test applies it.
func TestOwnOption(t *testing.T) {
	mcheck.Component(t, NewFixed, own{mcheck.Seed(9)})
}
