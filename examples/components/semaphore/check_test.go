package semaphore

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/examples/components/componenttest"
	"github.com/mcheck-dev/mcheck/sched"
)

// handOver is a hand-written test body: the test holds every unit while
// a goroutine Acquires one, then releases them, so every call returns.
func handOver(s *Weighted) func(t *testing.T) {
	return func(t *testing.T) {
		s.Acquire(Size)
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Acquire(1)
			s.Release(1)
		}()
		s.Release(Size)
		wg.Wait()
	}
}

// Scenarios (go test does not run them itself). The check* ones are
// measured by go run ./examples/components/baseline (PROTOCOLS.md).
func runBuggy(t *testing.T) { handOver(New())(t) }

func checkBuggy(t *testing.T) { mcheck.Component(t, New) }
func checkFixed(t *testing.T) { mcheck.Component(t, NewFixed) }

// The same with the one option a user would add.
func checkBuggyOption(t *testing.T) { mcheck.Component(t, New, mcheck.Values(0, 1, 2)) }
func checkFixedOption(t *testing.T) { mcheck.Component(t, NewFixed, mcheck.Values(0, 1, 2)) }

// TestRunFindsBug: mcheck.Run's exploration of the hand-written body,
// for 20 seeds, finds the lost wake-up (the test waits for a goroutine
// blocked forever), and it replays.
func TestRunFindsBug(t *testing.T) { componenttest.RunFindsBug(t, runBuggy, sched.GlobalDeadlock) }

func TestRunFixedIsClean(t *testing.T) { mcheck.Run(t, handOver(NewFixed())) }
