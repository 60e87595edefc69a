package batcher

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/examples/components/componenttest"
	"github.com/mcheck-dev/mcheck/sched"
)

// twoShutdowns is a hand-written test body: an item is added, then two
// goroutines shut the batcher down; the item must be flushed.
func twoShutdowns(b *Batcher) func(t *testing.T) {
	return func(t *testing.T) {
		b.Add(1)
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b.Shutdown()
			}()
		}
		wg.Wait()
		if n := b.Flushed(); n != 1 {
			t.Errorf("%d items flushed, want 1", n)
		}
	}
}

// Scenarios (go test does not run them itself). The check* ones are
// measured by go run ./examples/components/baseline (PROTOCOLS.md).
func runBuggy(t *testing.T) { twoShutdowns(New())(t) }

func checkBuggy(t *testing.T) { mcheck.Component(t, New) }
func checkFixed(t *testing.T) { mcheck.Component(t, NewFixed) }

// The same with the one option a user would add.
func checkBuggyOption(t *testing.T) { mcheck.Component(t, New, mcheck.Finish("Shutdown")) }
func checkFixedOption(t *testing.T) { mcheck.Component(t, NewFixed, mcheck.Finish("Shutdown")) }

// TestRunFindsBug: mcheck.Run's exploration of the hand-written body,
// for 20 seeds, finds the double close of the buggy Shutdown, and it
// replays.
func TestRunFindsBug(t *testing.T) { componenttest.RunFindsBug(t, runBuggy, sched.Panic) }

func TestRunFixedIsClean(t *testing.T) { mcheck.Run(t, twoShutdowns(NewFixed())) }
