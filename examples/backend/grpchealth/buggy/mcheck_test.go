//go:build !native

package grpchealth

import (
	"context"
	"sync"
	"testing"

	"github.com/mcheck-dev/mcheck"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// Two load balancers probe the database's health at once.
func TestConcurrentChecks(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		s := NewServer()
		s.SetStatus("db", healthpb.HealthCheckResponse_SERVING)
		client, stop, err := Start(s)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { client.Check(context.Background(), &healthpb.HealthCheckRequest{Service: "db"}) })
		}
		wg.Wait()
		if n := s.Probes("db"); n != 2 {
			t.Errorf("probes of db = %d, want 2", n)
		}
	})
}
