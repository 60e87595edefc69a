// Package repro holds the smallest programs that reproduce each cause of a
// false report or a miss found on the real-world corpus and the mature
// suites (see ../SUITES.md). Every test passes under plain go test (and
// TestSendCloseRace fails under go test -race, as it should); run them
// under mcheck with
//
//	mcheck test -budget 5s .
//
// The comment on each test says what mcheck does with it on main d51d3c0
// ("Now"), what it did on 910bb9e (time as a barrier, no fairness) and,
// where it differs, on 72a7df5 (5ms timer horizon).
package repro

import (
	"context"
	"os/exec"
	"runtime/debug"
	"sync"
	"testing"
	"testing/quick"
	"time"
)

// Before: livelock (step limit exceeded: the spinning goroutine stops the
// virtual clock). Now: clean.
func TestBusyWaitClock(t *testing.T) {
	start := time.Now()
	for time.Since(start) < 5*time.Millisecond {
	}
}

// Before: "partial deadlock: 1 goroutine(s) blocked forever" although the
// ticker is live. Now: clean (160 executions in 3s: each execution lets the
// ticker fire 100 times after the test returned).
func TestTickerJanitor(t *testing.T) {
	go func() {
		for range time.NewTicker(time.Millisecond).C {
		}
	}()
}

// Before: livelock after 20000 steps (PCT never schedules the setter while
// the reader spins). Now: clean.
func TestSpinOnFlag(t *testing.T) {
	var mu sync.Mutex
	ready := false
	done := make(chan struct{})
	go func() {
		for {
			mu.Lock()
			r := ready
			mu.Unlock()
			if r {
				break
			}
		}
		close(done)
	}()
	mu.Lock()
	ready = true
	mu.Unlock()
	<-done
}

// Before: livelock after 20000 steps with 0 context switches. Now: clean,
// but 48 executions in 4.7s.
func TestLongSequentialLoop(t *testing.T) {
	var mu sync.Mutex
	for i := 0; i < 20000; i++ {
		mu.Lock()
		mu.Unlock()
	}
}

// Now: clean, but 16 executions in 31s for a 3s budget (one execution is
// about 2s and is not interrupted by the budget).
func TestManyGoroutines(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	n := 0
	for i := 0; i < 1000; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 5; j++ {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

// Now: "test failed ... timing-dependent: the 10ms timer fired before
// goroutine 1 ran its sync.Mutex.Unlock at context.go:650". Go allows it
// (a 10ms stall), but suites use 10ms deadlines as "long enough"
// (x/sync TestWeightedAcquire). On 72a7df5: clean.
func TestTenMillisecondsIsEnough(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if ctx.Err() != nil {
		t.Error("deadline passed before the next statement")
	}
}

// Missed on d51d3c0 and before: Go's race detector reports a send racing
// with a close (chansend reads, closechan writes the channel). Found since
// branch realworld's fix (ssainterp chanAccess): "data race: chan send …
// races with chan close …".
func TestSendCloseRace(t *testing.T) {
	ch := make(chan int, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { recover() }()
		ch <- 1
	}()
	close(ch)
	<-done
}

// Could not run: "unsupported: builtin panic (in repro.TestGoPanic$thunk)",
// raised when the function is compiled, although the statement never runs.
func TestGoPanic(t *testing.T) {
	if len(t.Name()) < 0 {
		go panic("never")
	}
}

// Could not run once: "runtime/debug.Stack has no Go body and is not
// bridged". Now: clean (mcheck test, 2026-12-07).
func TestDebugStack(t *testing.T) {
	if len(debug.Stack()) == 0 {
		t.Error("empty stack")
	}
}

// Could not run before 2026-12-06: "testing/quick.Check has no Go body and
// is not bridged". Now: clean (testing/quick runs from SSA).
func TestQuick(t *testing.T) {
	if err := quick.Check(func(x int) bool { return x+0 == x }, nil); err != nil {
		t.Error(err)
	}
}

// Reported as a bug: "panic: testing: Short called before Init".
func TestShort(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
}

// Could not run: "os/exec.Command can block natively; mcheck does not
// model it yet" (a subprocess; refusing it is right).
func TestExec(t *testing.T) {
	_ = exec.Command("true").Run()
}

// Now: "0 executions ... no bug": every execution passes the step bound
// (2000 ticks during the sleep) and is discarded as inconclusive, and the
// report does not say so (golang-lru TestLoadingExpired).
func TestFastTickerLongSleep(t *testing.T) {
	done := make(chan struct{})
	go func() {
		tk := time.NewTicker(50 * time.Microsecond)
		defer tk.Stop()
		for {
			select {
			case <-tk.C:
			case <-done:
				return
			}
		}
	}()
	time.Sleep(100 * time.Millisecond)
	close(done)
}

// A busy-wait on the clock where each read is inside a critical section
// (golang-lru's TestLoadingExpired spins on Get until the entry expires).
// Now: "0 executions ... no bug" (all inconclusive, not reported as such).
// On 72a7df5: clean, 48 executions in 4.5s.
func TestBusyWaitClockUnderLock(t *testing.T) {
	var mu sync.Mutex
	deadline := time.Now().Add(5 * time.Millisecond)
	for {
		mu.Lock()
		expired := time.Now().After(deadline)
		mu.Unlock()
		if expired {
			break
		}
	}
}

// A 1ms ticker re-armed again and again moves the clock by any amount while
// a runnable goroutine waits at a choice point, although each firing is
// within the horizon (go-cache TestCacheTimes). On 72a7df5: "test failed:
// 14.974s passed between two statements".
func TestTickerChainStallsRunnable(t *testing.T) {
	done := make(chan struct{})
	go func() {
		tk := time.NewTicker(time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-tk.C:
			case <-done:
				return
			}
		}
	}()
	start := time.Now()
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
	if d := time.Since(start); d > 10*time.Millisecond {
		t.Errorf("%v passed between two statements", d)
	}
	close(done)
}
