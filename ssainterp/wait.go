package ssainterp

// A WaitReason says which visible operation a goroutine is stopped
// before, as the Go runtime's waitReason (runtime/runtime2.go) says why a
// goroutine waits: a fact that schedulers, oracles and the sequential
// baseline compare. String gives the words a goroutine dump shows ("chan
// receive", "sync.Mutex.Lock"); reports print them, and no code parses
// them back. Not only blocking operations have one: every visible
// operation does (a go statement, an unlock, a load of shared memory),
// since a goroutine stops before each.
type WaitReason uint8

// The reasons, by family. Adding one is a constant here and its words in
// waitReasonStrings.
const (
	WaitNone WaitReason = iota // not stopped at a visible operation: running, or done

	// Channels, and go statements. A send or receive on a nil channel,
	// and a select without cases, block forever.
	WaitChanSend
	WaitChanSendNil
	WaitChanRecv
	WaitChanRecvNil
	WaitChanClose
	WaitSelect
	WaitSelectNoCases
	WaitGo

	// Package sync (WaitMutexTryLock is RWMutex's TryLock too), and
	// sync/atomic.
	WaitMutexLock
	WaitMutexTryLock
	WaitMutexUnlock
	WaitRWMutexLock
	WaitRWMutexUnlock
	WaitRWMutexRLock
	WaitRWMutexTryRLock
	WaitRWMutexRUnlock
	WaitCondWait
	WaitCondSignal
	WaitCondBroadcast
	WaitGroupAdd
	WaitGroupDone
	WaitGroupWait
	WaitSyncMap
	WaitAtomic

	// Packages runtime and time: runtime.Gosched, time.Sleep, a read of
	// the clock, a timer's or ticker's Stop and Reset.
	WaitGosched
	WaitSleep
	WaitTimeNow
	WaitTimerStop
	WaitTickerStop
	WaitTimerReset
	WaitTickerReset

	// Models of other packages.
	WaitPipeRead     // io.Pipe's read
	WaitPipeWrite    // io.Pipe's write
	WaitIO           // parked in the network model (Goroutine.Wait only)
	WaitSynctestTest // synctest.Test, waiting for its bubble
	WaitSynctestWait // synctest.Wait
	WaitTestRun      // testing.T.Run, waiting for the subtest
	WaitTestParallel // testing.T.Parallel, waiting for the test body to end
	WaitTestSubtests // a test waiting for its parallel subtests
	WaitHarness      // a Harness's driver, waiting for the goroutines it started

	// A load of shared memory, a store to it.
	WaitRead
	WaitWrite

	numWaitReasons
)

// waitReasonStrings are the reasons' words, as Go's goroutine dumps spell
// them where Go has one.
var waitReasonStrings = [numWaitReasons]string{
	WaitNone:            "running",
	WaitChanSend:        "chan send",
	WaitChanSendNil:     "chan send (nil chan)",
	WaitChanRecv:        "chan receive",
	WaitChanRecvNil:     "chan receive (nil chan)",
	WaitChanClose:       "chan close",
	WaitSelect:          "select",
	WaitSelectNoCases:   "select (no cases)",
	WaitGo:              "go",
	WaitMutexLock:       "sync.Mutex.Lock",
	WaitMutexTryLock:    "sync.Mutex.TryLock",
	WaitMutexUnlock:     "sync.Mutex.Unlock",
	WaitRWMutexLock:     "sync.RWMutex.Lock",
	WaitRWMutexUnlock:   "sync.RWMutex.Unlock",
	WaitRWMutexRLock:    "sync.RWMutex.RLock",
	WaitRWMutexTryRLock: "sync.RWMutex.TryRLock",
	WaitRWMutexRUnlock:  "sync.RWMutex.RUnlock",
	WaitCondWait:        "sync.Cond.Wait",
	WaitCondSignal:      "sync.Cond.Signal",
	WaitCondBroadcast:   "sync.Cond.Broadcast",
	WaitGroupAdd:        "sync.WaitGroup.Add",
	WaitGroupDone:       "sync.WaitGroup.Done",
	WaitGroupWait:       "sync.WaitGroup.Wait",
	WaitSyncMap:         "sync.Map",
	WaitAtomic:          "sync/atomic",
	WaitGosched:         "runtime.Gosched",
	WaitSleep:           "sleep",
	WaitTimeNow:         "time.Now",
	WaitTimerStop:       "time.Timer.Stop",
	WaitTickerStop:      "time.Ticker.Stop",
	WaitTimerReset:      "time.Timer.Reset",
	WaitTickerReset:     "time.Ticker.Reset",
	WaitPipeRead:        "io.Pipe read",
	WaitPipeWrite:       "io.Pipe write",
	WaitIO:              "IO wait",
	WaitSynctestTest:    "synctest.Test",
	WaitSynctestWait:    "synctest.Wait",
	WaitTestRun:         "testing.T.Run",
	WaitTestParallel:    "testing.T.Parallel",
	WaitTestSubtests:    "testing.T waits for parallel subtests",
	WaitHarness:         "harness wait",
	WaitRead:            "read",
	WaitWrite:           "write",
}

// String returns the words of reason w ("chan receive"). A Harness's
// wait shows as its caller's in a Goroutine's Op ("mcheck.Component
// wait").
func (w WaitReason) String() string {
	if w < numWaitReasons {
		return waitReasonStrings[w]
	}
	return "unknown wait reason"
}

// accessWait is the reason of a load (or, with write, a store) of
// shared memory.
func accessWait(write bool) WaitReason {
	if write {
		return WaitWrite
	}
	return WaitRead
}

// Wait returns what goroutine id is stopped before (WaitNone if it is
// not stopped at a visible operation): Next's operation, as a fact.
func (m *Machine) Wait(id int) WaitReason {
	if g := m.gs[id-1]; g.state == gPending {
		return g.pending.wait
	}
	return WaitNone
}
