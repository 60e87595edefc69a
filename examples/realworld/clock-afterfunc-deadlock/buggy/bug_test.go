package bug

import (
	"testing"
	"time"

	"github.com/benbjohnson/clock"
	"github.com/mcheck-dev/mcheck"
)

// benbjohnson/clock#33 (fixed by #35): the mock runs an AfterFunc callback
// while holding its own lock, so a callback that uses the clock deadlocks.
func TestAfterFuncReentrant(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		m := clock.NewMock()
		timer := m.Timer(20 * time.Second)
		m.AfterFunc(10*time.Second, func() { timer.Stop() })
		m.Add(15 * time.Second)
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, clock.NewMock, mcheck.Protocol("(Add + Set)* | (AfterFunc + After + Timer + Now + Since)*"))
}
