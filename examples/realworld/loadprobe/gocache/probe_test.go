package probe

import (
	"sync"
	"testing"

	"time"

	"github.com/mcheck-dev/mcheck"
	"github.com/patrickmn/go-cache"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		c := cache.New(time.Minute, 0)
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); c.Set("k", i, 0); c.Get("k") }()
		}
		wg.Wait()
	})
}
