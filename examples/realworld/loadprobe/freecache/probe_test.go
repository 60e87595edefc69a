package probe

import (
	"sync"
	"testing"

	"github.com/coocood/freecache"
	"github.com/mcheck-dev/mcheck"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		c := freecache.NewCache(512 * 1024)
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); _ = c.Set([]byte("k"), []byte{byte(i)}, 0); _, _ = c.Get([]byte("k")) }()
		}
		wg.Wait()
	})
}
