package probe

import (
	"sync"
	"testing"

	"github.com/alitto/pond/v2"
	"github.com/mcheck-dev/mcheck"
)

func TestProbe(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		var wg sync.WaitGroup
		p := pond.NewPool(2)
		for i := 0; i < 2; i++ {
			wg.Add(1)
			p.Submit(func() { wg.Done() })
		}
		defer p.StopAndWait()
		wg.Wait()
	})
}
