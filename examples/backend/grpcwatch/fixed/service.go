// Package grpcwatch is the streaming half of a gRPC health service
// (grpc.health.v1.Health's Watch): a client watches a dependency's
// status and gets every change as it is set.
package grpcwatch

import (
	"net"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

type Server struct {
	healthpb.UnimplementedHealthServer
	mu       sync.Mutex
	status   map[string]healthpb.HealthCheckResponse_ServingStatus
	watchers map[chan healthpb.HealthCheckResponse_ServingStatus]string
}

func NewServer() *Server {
	return &Server{status: map[string]healthpb.HealthCheckResponse_ServingStatus{},
		watchers: map[chan healthpb.HealthCheckResponse_ServingStatus]string{}}
}

// SetStatus sets service's status and tells its watchers.
func (s *Server) SetStatus(service string, st healthpb.HealthCheckResponse_ServingStatus) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status[service] = st
	for ch, name := range s.watchers {
		if name == service {
			select {
			case ch <- st:
			default: // a slow watcher misses intermediate states
			}
		}
	}
}

// Watch streams req.Service's status: the current one, then each change.
func (s *Server) Watch(req *healthpb.HealthCheckRequest, stream healthpb.Health_WatchServer) error {
	ch := make(chan healthpb.HealthCheckResponse_ServingStatus, 1)
	s.mu.Lock()
	s.watchers[ch] = req.Service
	st := s.status[req.Service]
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.watchers, ch)
		s.mu.Unlock()
	}()
	for {
		if err := stream.Send(&healthpb.HealthCheckResponse{Status: st}); err != nil {
			return err
		}
		select {
		case st = <-ch:
		case <-stream.Context().Done():
			return stream.Context().Err()
		}
	}
}

// Start serves s over gRPC on a loopback TCP listener and returns a
// client of it and a function that closes the client and stops the
// server.
func Start(s *Server) (healthpb.HealthClient, func(), error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	gs := grpc.NewServer()
	healthpb.RegisterHealthServer(gs, s)
	go gs.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///"+lis.Addr().String(),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		gs.Stop()
		return nil, nil, err
	}
	return healthpb.NewHealthClient(conn), func() { conn.Close(); gs.Stop() }, nil
}
