package probe

import (
	"sync"
	"testing"

	"context"
	"time"

	"github.com/allegro/bigcache/v3"
	"github.com/mcheck-dev/mcheck"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		c, _ := bigcache.New(context.Background(), bigcache.DefaultConfig(time.Minute))
		defer c.Close()
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); _ = c.Set("k", []byte{byte(i)}); _, _ = c.Get("k") }()
		}
		wg.Wait()
	})
}
