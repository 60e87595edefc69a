//go:build native

package bug

import (
	"testing"
	"time"

	"github.com/alitto/pond"
)

// TestNativeStopWhilePurging is TestStopWhilePurging's body without mcheck:
//
//	go test -race -tags native -count=200 -run Native .
func TestNativeStopWhilePurging(t *testing.T) {
	pool := pond.New(1, 1, pond.IdleTimeout(time.Millisecond))
	pool.SubmitAndWait(func() {})
	pool.StopAndWait()
}

// TestNativeStopWhilePurgingAligned waits about one idle timeout before
// StopAndWait, so that the purger's tick often falls inside StopAndWait:
//
//	go test -race -tags native -count=200 -run NativeStopWhilePurgingAligned .
func TestNativeStopWhilePurgingAligned(t *testing.T) {
	pool := pond.New(1, 1, pond.IdleTimeout(time.Millisecond))
	pool.SubmitAndWait(func() {})
	time.Sleep(time.Millisecond)
	pool.StopAndWait()
}

// TestNativeSubmitDuringStop shows, natively, the data race that
// TestComponent reports without its protocol, on v1.9.1 and v1.9.2 alike:
// a Submit whose tasksWaitGroup.Add starts the counter from zero races
// with StopAndWait's tasksWaitGroup.Wait (pond.go:248 and pond.go:364 in
// v1.9.2):
//
//	go test -race -tags native -count=2000 -run NativeSubmitDuringStop .
func TestNativeSubmitDuringStop(t *testing.T) {
	pool := pond.New(1, 1, pond.IdleTimeout(time.Millisecond))
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { recover() }() // Submit panics once the pool is stopped
		pool.Submit(func() { time.Sleep(time.Millisecond) })
	}()
	pool.StopAndWait()
	<-done
}
