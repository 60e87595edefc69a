package bug

import (
	"testing"
	"time"

	"github.com/alitto/pond"
	"github.com/mcheck-dev/mcheck"
)

// alitto/pond#70 "Data race due to 'Unsynchronized send and close
// operations'", fixed by #72 (v1.9.2): StopAndWait closes the tasks channel
// before the purger goroutine has exited, while the purger may be sending a
// nil task to stop an idle worker.
func TestStopWhilePurging(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		pool := pond.New(1, 1, pond.IdleTimeout(time.Millisecond))
		pool.SubmitAndWait(func() {})
		pool.StopAndWait()
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() *pond.WorkerPool { return pond.New(1, 1, pond.IdleTimeout(time.Millisecond)) }, mcheck.Protocol("((Submit + SubmitAndWait + TrySubmit)* | (Submit + SubmitAndWait + TrySubmit)*); StopAndWait"))
}
