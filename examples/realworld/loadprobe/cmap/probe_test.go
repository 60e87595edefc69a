package probe

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	cmap "github.com/orcaman/concurrent-map/v2"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		m := cmap.New[int]()
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); m.Set("k", i); m.Get("k") }()
		}
		wg.Wait()
	})
}
