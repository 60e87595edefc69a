package workerpool

import (
	"testing"
	"time"

	"github.com/mcheck-dev/mcheck"
	"github.com/mcheck-dev/mcheck/examples/components/componenttest"
	"github.com/mcheck-dev/mcheck/sched"
)

// submitWhilePurging is a hand-written test body: a worker runs a task
// and goes idle, and a second Submit comes when the worker may be
// expiring; then the pool is released.
func submitWhilePurging(p *Pool) func(t *testing.T) {
	return func(t *testing.T) {
		done := make(chan bool)
		task := func() { done <- true }
		if err := p.Submit(task); err != nil {
			t.Fatal(err)
		}
		<-done
		time.Sleep(ExpiryDuration)
		if err := p.Submit(task); err != nil {
			t.Fatal(err)
		}
		<-done
		p.Release()
	}
}

// Scenarios (go test does not run them itself). The check* ones are
// measured by go run ./examples/components/baseline (PROTOCOLS.md).
func runBuggy(t *testing.T) { submitWhilePurging(New())(t) }

func checkBuggy(t *testing.T) { mcheck.Component(t, New) }
func checkFixed(t *testing.T) { mcheck.Component(t, NewFixed) }

// The same with the one option a user would add.
func checkBuggyOption(t *testing.T) { mcheck.Component(t, New, mcheck.Finish("Release")) }
func checkFixedOption(t *testing.T) { mcheck.Component(t, NewFixed, mcheck.Finish("Release")) }

// TestRunFindsBug: mcheck.Run's exploration of the hand-written body,
// for 20 seeds, finds the purger's unsynchronised write of the idle
// list, and it replays.
func TestRunFindsBug(t *testing.T) { componenttest.RunFindsBug(t, runBuggy, sched.DataRace) }

func TestRunFixedIsClean(t *testing.T) { mcheck.Run(t, submitWhilePurging(NewFixed())) }
