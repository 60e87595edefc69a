package queue

import (
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestQueue(t *testing.T)    { mcheck.Component(t, New) }
func TestRacy(t *testing.T)     { mcheck.Component(t, NewRacy) }
func TestLatch(t *testing.T)    { mcheck.Component(t, NewLatch) }
func TestAccounts(t *testing.T) { mcheck.Component(t, NewAccounts) }

func TestEvent(t *testing.T)      { mcheck.Component(t, NewEvent) }
func TestEventFixed(t *testing.T) { mcheck.Component(t, NewEventFixed) }
func TestPool(t *testing.T)       { mcheck.Component(t, NewPool) }
func TestSem(t *testing.T)        { mcheck.Component(t, NewSem) }
func TestLease(t *testing.T)      { mcheck.Component(t, NewLease) }
func TestResources(t *testing.T) {
	mcheck.Component(t, NewResources, mcheck.Methods("Get"), mcheck.Finish("Close"))
}

func TestCounter(t *testing.T) { mcheck.Component(t, NewCounter, mcheck.Methods("Inc", "Get")) }
func TestCounterFixed(t *testing.T) {
	mcheck.Component(t, NewCounterFixed, mcheck.Methods("Inc", "Get"))
}

// The same, with the check asked for by the option.
func TestCounterLinearizable(t *testing.T) {
	mcheck.Component(t, NewCounter, mcheck.Methods("Inc", "Get"), mcheck.Linearizable())
}

func TestBounded(t *testing.T)      { mcheck.Component(t, NewBounded) }
func TestBoundedRacy(t *testing.T)  { mcheck.Component(t, NewBoundedRacy) }
func TestBoundedFlaky(t *testing.T) { mcheck.Component(t, NewBoundedFlaky) }

// The same, with a value the constructor refuses given by the user: the
// probe keeps a parameter's values when all of them fail.
func TestBoundedRefused(t *testing.T) { mcheck.Component(t, NewBounded, mcheck.Values(0)) }

func TestUnit(t *testing.T)     { mcheck.Component(t, NewUnit) }
func TestUnitLost(t *testing.T) { mcheck.Component(t, NewUnitLost) }

func TestMockClock(t *testing.T)     { mcheck.Component(t, NewMockClock) }
func TestMockClockRacy(t *testing.T) { mcheck.Component(t, NewMockClockRacy) }
func TestBatch(t *testing.T)         { mcheck.Component(t, NewBatch) }
func TestBatchRacy(t *testing.T)     { mcheck.Component(t, NewBatchRacy) }

func TestWorkers(t *testing.T)     { mcheck.Component(t, NewWorkers) }
func TestWorkersRacy(t *testing.T) { mcheck.Component(t, NewWorkersRacy) }

// Acquire/release pairs (envgen/pairs.go).
func TestWeighted(t *testing.T)     { mcheck.Component(t, NewWeighted, mcheck.Values(2, 1)) }
func TestWeightedRacy(t *testing.T) { mcheck.Component(t, NewWeightedRacy, mcheck.Values(1)) }
func TestWeightedLost(t *testing.T) { mcheck.Component(t, NewWeightedLost, mcheck.Values(2, 1)) }
func TestMutex(t *testing.T)        { mcheck.Component(t, NewMutex) }
func TestMutexRacy(t *testing.T)    { mcheck.Component(t, NewMutexRacy) }
