package probe

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"go.uber.org/ratelimit"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		rl := ratelimit.New(1000)
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); rl.Take() }()
		}
		wg.Wait()
	})
}
