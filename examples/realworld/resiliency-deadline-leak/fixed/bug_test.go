package bug

import (
	"testing"
	"time"

	"github.com/eapache/go-resiliency/deadline"
	"github.com/mcheck-dev/mcheck"
)

// eapache/go-resiliency v1.3.0 "Fix a goroutine leak in Deadline.Run() on
// ErrTimeOut": when the deadline fires first, the worker blocks forever
// sending its result on an unbuffered channel nobody reads.
func TestDeadlineLeak(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		d := deadline.New(time.Millisecond)
		_ = d.Run(func(stop <-chan struct{}) error { return nil })
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() *deadline.Deadline { return deadline.New(time.Millisecond) })
}
