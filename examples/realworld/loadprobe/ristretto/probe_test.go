package probe

import (
	"sync"
	"testing"

	"github.com/dgraph-io/ristretto/v2"
	"github.com/mcheck-dev/mcheck"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		c, _ := ristretto.NewCache(&ristretto.Config[string, int]{NumCounters: 100, MaxCost: 10, BufferItems: 64})
		defer c.Close()
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); c.Set("k", i, 1); c.Get("k") }()
		}
		wg.Wait()
	})
}
