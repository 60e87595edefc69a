//go:build native

package bug

import (
	"sync"
	"testing"
	"time"

	"github.com/benbjohnson/clock"
)

// TestNativeTimerAddDeadlock shows, natively, the global deadlock that
// TestComponent reports on v1.3.5, a bug the fix of #42 left: Add's
// runNextTimer sets m.now to the first timer's time and unlocks before
// ticking it; a Timer created meanwhile on another goroutine (as AfterFunc
// is in #42) calls runNextTimer(m.now) too, picks the same timer, not yet
// removed, and both tick it. The second send on its one-slot channel
// blocks under m.mu (clock.go:353), and every other call blocks on m.mu.
// It fails in the first round on a 2-core machine:
//
//	go test -tags native -run Native -timeout 20s .   # the dump shows Tick blocked in chan send
func TestNativeTimerAddDeadlock(t *testing.T) {
	for round := range 20 {
		var wg sync.WaitGroup
		for range 64 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := clock.NewMock()
				for i := range 20 {
					m.After(time.Duration(i+1) * time.Nanosecond) // nobody receives the ticks
				}
				done := make(chan struct{})
				go func() { m.Add(time.Microsecond); close(done) }()
				for {
					select {
					case <-done:
						return
					default:
						m.Timer(time.Hour) // runNextTimer(m.now), as Add's loop does
					}
				}
			}()
		}
		all := make(chan struct{})
		go func() { wg.Wait(); close(all) }()
		select {
		case <-all:
		case <-time.After(30 * time.Second):
			t.Fatalf("round %d: Mock.Add and Mock.Timer blocked for 30s (a timer ticked twice, its second send blocks under the mock's lock)", round)
		}
	}
}
