//go:build native

package bug

import (
	"testing"
	"time"

	"github.com/eapache/go-resiliency/batcher"
)

// TestNativePrefilterRun shows, natively, the data race that a Component
// test without a protocol reports on v1.6.0 (batcher.go:67 writes
// b.prefilter, Run reads it at batcher.go:41):
//
//	go test -race -tags native -run Native .
//
// Prefilter's documentation forbids it: "A prefilter cannot safely be
// specified for a batcher if Run has already been invoked", hence the
// protocol of TestComponent.
func TestNativePrefilterRun(t *testing.T) {
	b := batcher.New(time.Millisecond, func([]any) error { return nil })
	done := make(chan struct{})
	go func() { _ = b.Run(1); close(done) }()
	b.Prefilter(func(any) error { return nil })
	<-done
}
