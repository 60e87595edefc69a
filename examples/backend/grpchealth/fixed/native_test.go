//go:build native

package grpchealth

import (
	"context"
	"sync"
	"testing"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// Run with -race: 50 concurrent probes of the database's health.
func TestConcurrentChecksNative(t *testing.T) {
	s := NewServer()
	s.SetStatus("db", healthpb.HealthCheckResponse_SERVING)
	client, stop, err := Start(s)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			resp, err := client.Check(context.Background(), &healthpb.HealthCheckRequest{Service: "db"})
			if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
				t.Errorf("Check = %v, %v", resp, err)
			}
		})
	}
	wg.Wait()
	if n := s.Probes("db"); n != 50 {
		t.Errorf("probes of db = %d, want 50", n)
	}
}
