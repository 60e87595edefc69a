package probe

import (
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	"github.com/puzpuzpuz/xsync/v3"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		m := xsync.NewMapOf[string, int]()
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); m.Store("k", i); m.Load("k") }()
		}
		wg.Wait()
	})
}
