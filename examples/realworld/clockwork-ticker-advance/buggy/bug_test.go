package bug

import (
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/mcheck-dev/mcheck"
)

// jonboulle/clockwork#17 "Race conditions in fakeTicker": the ticker's
// goroutine reads the fake time only when it starts, so an Advance made
// before it runs is lost and the tick never comes.
func TestTickerAdvance(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		fc := clockwork.NewFakeClock()
		ticker := fc.NewTicker(time.Millisecond)
		defer ticker.Stop()
		fc.Advance(time.Millisecond)
		<-ticker.Chan()
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, clockwork.NewFakeClock, mcheck.Protocol("(After + Now + Since + BlockUntil + Advance)* | (After + Now + Since + BlockUntil + Advance)*"))
}
