// Package grpchealth is the gRPC health service (grpc.health.v1.Health)
// of a backend: the application sets each dependency's status, load
// balancers probe it with Check, and Probes says how often each
// dependency was probed (for the dashboard).
package grpchealth

import (
	"context"
	"net"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

type Server struct {
	healthpb.UnimplementedHealthServer
	mu     sync.Mutex
	status map[string]healthpb.HealthCheckResponse_ServingStatus
	probes map[string]int
}

func NewServer() *Server {
	return &Server{status: map[string]healthpb.HealthCheckResponse_ServingStatus{}, probes: map[string]int{}}
}

// SetStatus sets the status that Check reports for service.
func (s *Server) SetStatus(service string, st healthpb.HealthCheckResponse_ServingStatus) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[service] = st
}

// Check reports the status of req.Service and counts the probe.
func (s *Server) Check(ctx context.Context, req *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.probes[req.Service]++
	st, ok := s.status[req.Service]
	if !ok {
		return nil, status.Errorf(codes.NotFound, "unknown service %q", req.Service)
	}
	return &healthpb.HealthCheckResponse{Status: st}, nil
}

// Probes returns how many times service was checked.
func (s *Server) Probes(service string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.probes[service]
}

// Start serves s over gRPC on an in-memory listener (bufconn) and returns
// a client of it and a function that closes the client and stops the
// server.
func Start(s *Server) (healthpb.HealthClient, func(), error) {
	lis := bufconn.Listen(1 << 16)
	gs := grpc.NewServer()
	healthpb.RegisterHealthServer(gs, s)
	go gs.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		gs.Stop()
		return nil, nil, err
	}
	return healthpb.NewHealthClient(conn), func() { conn.Close(); gs.Stop() }, nil
}
