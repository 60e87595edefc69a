package bug

import (
	"testing"

	"github.com/jellydator/ttlcache/v3"
	"github.com/mcheck-dev/mcheck"
)

// jellydator/ttlcache#164 (RangeBackwards/Range data race): Range reads
// the list links after releasing the read lock, racing with a Delete.
func TestRangeDelete(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		c := ttlcache.New[string, int]()
		c.Set("a", 1, ttlcache.NoTTL)
		c.Set("b", 2, ttlcache.NoTTL)
		done := make(chan struct{})
		go func() { c.Delete("b"); close(done) }()
		c.Range(func(*ttlcache.Item[string, int]) bool { return true })
		<-done
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, func() *ttlcache.Cache[string, int] { return ttlcache.New[string, int]() }, mcheck.Exclude("Start", "Stop"))
}
