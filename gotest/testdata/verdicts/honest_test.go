package verdicts

import (
	"runtime"
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck"
	"golang.org/x/sync/semaphore"
)

// TestSpin spins on a select with only a default case while the test
// blocks for ever: natively it hangs; under mcheck, a livelock.
func TestSpin(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		go func() {
			for {
				select {
				default:
				}
			}
		}()
		select {}
	})
}

// TestLong runs one execution far longer than the budget (ten rounds of
// what takes about a second on a 2-core machine; each round under the
// step bound of loop iterations between two scheduling points): it is
// cut at the budget (and its grace) and the test is not checked.
func TestLong(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		m := map[int]int{}
		for range 10 {
			for i := range 9_000_000 {
				m[i%1000] += i
			}
			runtime.Gosched()
		}
	})
}

// TestFailNoMessage fails with no message: the report says where.
func TestFailNoMessage(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		fail(t)
	})
}

func fail(t *testing.T) {
	t.Helper()
	t.Fail()
}

// TestParallelCopy copies a variable before t.Parallel, as the
// "x := x" idiom does with a loop variable shared by the iterations:
// testing orders the copy before t.Run returns, so the parent's write
// in the next iteration does not race with it.
func TestParallelCopy(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		x := 0
		for i := range 2 {
			t.Run("sub", func(t *testing.T) {
				x := x // the copy, before t.Parallel
				t.Parallel()
				if x < 0 {
					t.Error("negative")
				}
			})
			x = i + 1
		}
	})
}

// TestParallelShared is its racy twin: a goroutine the subtest starts
// before t.Parallel reads the variable with nothing ordering the read
// before the parent's write after t.Run returns.
func TestParallelShared(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		shared := 0
		t.Run("sub", func(t *testing.T) {
			done := make(chan int)
			go func() { done <- shared }() // races with the write below
			t.Parallel()
			<-done
		})
		shared = 1
	})
}

// TestComponentLong: no environment's execution finishes within the
// budget, so the component is not checked.
func TestComponentLong(t *testing.T) { mcheck.Component(t, NewSlow) }

// TestComponentCap: the race of Tally.Add is found, and the check ends
// at its budget and grace although the sequential baseline and
// shrinking that follow would run longer.
func TestComponentCap(t *testing.T) { mcheck.Component(t, NewTally) }

// TestLogAfterSubtest: a goroutine of a subtest logs after the subtest
// may have completed; testing writes the log to the parent, still
// running while it waits for the goroutine, so nothing panics.
func TestLogAfterSubtest(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		done := make(chan bool)
		t.Run("sub", func(t *testing.T) {
			go func() { t.Log("late"); done <- true }()
			time.Sleep(time.Millisecond)
		})
		<-done
	})
}

// TestComponentSem: the one-unit semaphore is correct; its environments'
// failures are the calls' own, explained one at a time.
func TestComponentSem(t *testing.T) { mcheck.Component(t, NewSem) }

// TestComponentXSem: the same with x/sync's semaphore.Weighted of one
// unit (four Acquires and three Releases: the last Acquire blocks in
// every order, which the calls one at a time show).
func TestComponentXSem(t *testing.T) {
	mcheck.Component(t, func() *semaphore.Weighted { return semaphore.NewWeighted(1) })
}
