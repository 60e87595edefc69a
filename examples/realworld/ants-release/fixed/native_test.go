//go:build native

package bug

import (
	"testing"
	"time"

	"github.com/panjf2000/ants/v2"
)

// TestNativeReleaseTimeoutReboot shows, natively, the data race that
// TestComponent reports on v2.7.5 when ReleaseTimeout and Reboot run in
// parallel (pool.go:289 reads p.stopPurge, goPurge writes it at pool.go:147):
//
//	go test -race -tags native -run Native .
//
// ants means them as lifecycle calls made one at a time, not as operations
// to call in parallel, so TestComponent leaves them out.
func TestNativeReleaseTimeoutReboot(t *testing.T) {
	p, _ := ants.NewPool(1)
	p.Release()
	done := make(chan struct{})
	go func() { p.Reboot(); close(done) }()
	_ = p.ReleaseTimeout(50 * time.Millisecond)
	<-done
}
