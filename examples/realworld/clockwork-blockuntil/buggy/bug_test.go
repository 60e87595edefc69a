package bug

import (
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/mcheck-dev/mcheck"
)

// jonboulle/clockwork#35, fixed by #36 "fix: fixes a deadlock in
// BlockUntil": BlockUntil(n) waits for exactly n sleepers, so it never
// returns when a second sleeper arrives before it looks.
func TestBlockUntil(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		fc := clockwork.NewFakeClock()
		go fc.Sleep(time.Second)
		go fc.Sleep(time.Second)
		fc.BlockUntil(1) // at least one sleeper
		fc.BlockUntil(2)
		fc.Advance(time.Second)
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, clockwork.NewFakeClock, mcheck.Protocol("(After + Now + Since + BlockUntil + Advance)* | (After + Now + Since + BlockUntil + Advance)*"))
}
