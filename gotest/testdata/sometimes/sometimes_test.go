package sometimes

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

// TestEitherWins: each goroutine wins in some schedules, so both
// Sometimes hold somewhere: the test passes.
func TestEitherWins(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		w := Race()
		mcheck.Sometimes(t, w == 1, "the first goroutine wins")
		mcheck.Sometimes(t, w == 2, "the second goroutine wins")
	}, mcheck.Executions(200))
}

// TestNobodyThird: no schedule has a third winner, and the branch that
// would say so is never taken: both sites fail the test.
func TestNobodyThird(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		w := Race()
		mcheck.Sometimes(t, w == 3, "a third goroutine wins")
		if w > 2 {
			mcheck.Sometimes(t, true, "more than two goroutines")
		}
	}, mcheck.Strategy(mcheck.DFS))
}

// TestLeakFirst: the body leaks a goroutine; the bug is reported as it
// would be without the Sometimes, which never holds.
func TestLeakFirst(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		done := make(chan int)
		go func() { done <- Race() }()
		go func() { done <- Race() }()
		<-done
		mcheck.Sometimes(t, false, "never")
	}, mcheck.Executions(200))
}
