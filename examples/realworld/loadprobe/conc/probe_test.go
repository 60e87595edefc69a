package probe

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/sourcegraph/conc/pool"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		p := pool.New().WithMaxGoroutines(1)
		for i := 0; i < 2; i++ {
			wg.Add(1)
			p.Go(func() { wg.Done() })
		}
		defer p.Wait()
		wg.Wait()
	})
}
