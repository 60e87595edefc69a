package cache

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/gotest"
)

// TestOwnOption passes an option of its own: go test applies it.
func TestOwnOption(t *testing.T) {
	mcheck.Component(t, NewFixed, func(c *gotest.Config) { c.Seed = 9 })
}
