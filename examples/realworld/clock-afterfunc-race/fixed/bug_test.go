package bug

import (
	"testing"
	"time"

	"github.com/benbjohnson/clock"
	"github.com/mcheck-dev/mcheck"
)

// benbjohnson/clock#42 "Mock: Fix AfterFunc data race": AfterFunc sets the
// timer's callback after registering it, racing with a concurrent Add.
func TestAfterFuncAddRace(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		m := clock.NewMock()
		done := make(chan struct{})
		go func() { m.Add(time.Second); close(done) }()
		m.AfterFunc(time.Second, func() {})
		<-done
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, clock.NewMock, mcheck.Protocol("(Add + Set)* | (AfterFunc + After + Timer + Now + Since)*"))
}
