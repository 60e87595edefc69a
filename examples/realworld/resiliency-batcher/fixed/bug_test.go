package bug

import (
	"sync"
	"testing"
	"time"

	"github.com/eapache/go-resiliency/batcher"
	"github.com/mcheck-dev/mcheck"
)

// eapache/go-resiliency v1.6.0 "Fix a race condition in the Batcher that
// could have lead to a panic if multiple batches ended up executing at
// once": a finishing batch reads b.done unlocked and closes the next one's.
func TestTwoBatches(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		b := batcher.New(time.Millisecond, func([]interface{}) error { return nil })
		var wg sync.WaitGroup
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); _ = b.Run(i) }()
		}
		wg.Wait()
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() *batcher.Batcher { return batcher.New(time.Millisecond, func([]any) error { return nil }) }, mcheck.Protocol("Prefilter; (Run* | Run*); Shutdown"))
}
