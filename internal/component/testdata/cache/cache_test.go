package cache

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestCache(t *testing.T)      { mcheck.Component(t, New) }
func TestCacheFixed(t *testing.T) { mcheck.Component(t, NewFixed) }
func TestStore(t *testing.T)      { mcheck.Component(t, Open) }
func TestPicky(t *testing.T)      { mcheck.Component(t, NewPicky) }
func TestNothing(t *testing.T)    { mcheck.Component(t, NewNothing) }
func TestNotAFunc(t *testing.T)   { mcheck.Component(t, 42) }
func TestTwoResults(t *testing.T) {
	mcheck.Component(t, func() (int, string) { return 1, "" })
}
func TestUniversal(t *testing.T) {
	mcheck.Component(t, New, mcheck.Environment("universal", 0))
}
func TestValues(t *testing.T) {
	mcheck.Component(t, NewPicky, mcheck.Values(1, 2, 3))
}

func TestKinds(t *testing.T) { mcheck.Component(t, NewKinds) }
func TestSlots(t *testing.T) { mcheck.Component(t, NewSlots) }

// chooseAll fails on one combination of two choices (a scenario the
// check tests explore with dfs).
func chooseAll(t *testing.T) {
	a, b := mcheck.Choose(3), mcheck.Choose(2)
	if a == 2 && b == 1 {
		t.Error("the last combination")
	}
}

// chooseNone passes on every combination.
func chooseNone(t *testing.T) {
	a, b := mcheck.Choose(3), mcheck.Choose(2)
	if a < 0 || a > 2 || b < 0 || b > 1 {
		t.Error("out of range")
	}
}

func TestBatcher(t *testing.T)        { mcheck.Component(t, NewBatcher, mcheck.Finish("Close")) }
func TestBatcherNoClose(t *testing.T) { mcheck.Component(t, NewBatcher) }

func TestGraph(t *testing.T) { mcheck.Component(t, NewGraph, mcheck.Finish("Check"), mcheck.NoRaces()) }
