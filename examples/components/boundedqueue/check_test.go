package boundedqueue

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/examples/components/componenttest"
	"github.com/mcheck-dev/mcheck/sched"
)

// twoTakers is a hand-written test body: two goroutines Take while the
// test Puts two items, so every call returns. A Take woken by the first
// Put can find the item gone to the other Take.
func twoTakers(q *Queue) func(t *testing.T) {
	return func(t *testing.T) {
		var wg sync.WaitGroup
		got := make([]int, 2)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i], _ = q.Take()
			}()
		}
		q.Put(1)
		q.Put(2)
		wg.Wait()
		if got[0]+got[1] != 3 {
			t.Errorf("took %v, want 1 and 2", got)
		}
	}
}

// Scenarios (go test does not run them itself). The check* ones are
// measured by go run ./examples/components/baseline (PROTOCOLS.md).
func runBuggy(t *testing.T) { twoTakers(New())(t) }

func checkBuggy(t *testing.T) { mcheck.Component(t, New) }
func checkFixed(t *testing.T) { mcheck.Component(t, NewFixed) }

// The same with the one option a user would add.
func checkBuggyOption(t *testing.T) { mcheck.Component(t, New, mcheck.Finish("Close")) }
func checkFixedOption(t *testing.T) { mcheck.Component(t, NewFixed, mcheck.Finish("Close")) }

// TestRunFindsBug: mcheck.Run's exploration of the hand-written body,
// for 20 seeds, finds the index out of range of the buggy Take, and it
// replays.
func TestRunFindsBug(t *testing.T) { componenttest.RunFindsBug(t, runBuggy, sched.Panic) }

func TestRunFixedIsClean(t *testing.T) { mcheck.Run(t, twoTakers(NewFixed())) }
