//go:build !native

package grpcwatch

import (
	"context"
	"testing"

	"github.com/mcheck-dev/mcheck"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// A client watches the database's status, reads the first update and
// hangs up; then the server stops.
func TestWatchThenHangUp(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		s := NewServer()
		s.SetStatus("db", healthpb.HealthCheckResponse_SERVING)
		client, stop, err := Start(s)
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		ctx, cancel := context.WithCancel(context.Background())
		stream, err := client.Watch(ctx, &healthpb.HealthCheckRequest{Service: "db"})
		if err == nil {
			_, err = stream.Recv()
		}
		cancel()
		if err != nil {
			t.Fatal(err)
		}
	})
}
