//go:build native

package ttlcache

import (
	"testing"
	"testing/synctest"
	"time"
)

// Run with -race: a session expires after its TTL (in synctest's fake
// time), read while the janitor evicts it.
func TestSessionExpiresNative(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(time.Minute)
		defer c.Close()
		c.Set("tok-1", "ann")
		time.Sleep(2 * time.Minute)
		if v, ok := c.Get("tok-1"); ok {
			t.Errorf("expired session returned %q", v)
		}
	})
}
