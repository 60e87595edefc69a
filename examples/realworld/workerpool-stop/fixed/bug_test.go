package bug

import (
	"testing"

	"github.com/gammazero/workerpool"
	"github.com/mcheck-dev/mcheck"
)

// gammazero/workerpool v1.3.0 "Do is safe to call concurrently with Stop":
// before, Stop closed the task queue while Do could be sending to it (a
// send/close race that Do hid by recovering the panic).
func TestDoStop(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		wp := workerpool.New(1)
		done := make(chan error)
		go func() { done <- wp.Do(func() {}) }()
		wp.Stop()
		<-done
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() *workerpool.WorkerPool { return workerpool.New(1) }, mcheck.Exclude("Pause"))
}
