//go:build native

package grpcwatch

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// A client watches, reads the first update and hangs up, then the server
// stops; after a short wait no Watch handler may be left (checked on a
// goroutine dump).
func TestWatchThenHangUpNative(t *testing.T) {
	s := NewServer()
	s.SetStatus("db", healthpb.HealthCheckResponse_SERVING)
	client, stop, err := Start(s)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stream, err := client.Watch(ctx, &healthpb.HealthCheckRequest{Service: "db"})
	if err == nil {
		_, err = stream.Recv()
	}
	cancel()
	stop()
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	buf := make([]byte, 1<<20)
	dump := string(buf[:runtime.Stack(buf, true)])
	if strings.Contains(dump, "(*Server).Watch") {
		t.Errorf("goroutine leak: a Watch handler outlived the stream and the server:\n%s", dump)
	}
}
