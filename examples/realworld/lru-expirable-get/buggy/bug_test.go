package bug

import (
	"testing"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
	"github.com/mcheck-dev/mcheck"
)

// hashicorp/golang-lru#150, fixed by #156 "expirable LRU: fix so that
// Get/Peek cannot return an ok and empty value": an entry that expired
// before the reaper goroutine removed it is returned as (zero, true).
func TestGetExpired(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		lc := expirable.NewLRU[string, string](0, nil, time.Millisecond)
		lc.Add("k", "v")
		time.Sleep(2 * time.Millisecond)
		if v, ok := lc.Get("k"); ok && v != "v" {
			t.Errorf("Get = %q, true after expiry", v)
		}
	})
}

func TestComponent(t *testing.T) {
	mcheck.Component(t, expirable.NewLRU[string, string], mcheck.Values(time.Millisecond))
}
