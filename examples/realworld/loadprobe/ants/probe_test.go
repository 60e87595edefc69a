package probe

import (
	"sync"
	"testing"

	"time"

	"github.com/mcheck-dev/mcheck"
	"github.com/panjf2000/ants/v2"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		p, _ := ants.NewPool(1)
		defer func() { _ = p.ReleaseTimeout(time.Second) }()
		for i := 0; i < 2; i++ {
			wg.Add(1)
			_ = p.Submit(func() { wg.Done() })
		}
		wg.Wait()
	})
}
