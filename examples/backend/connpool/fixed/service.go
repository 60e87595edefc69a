// Package connpool keeps idle connections to a backend (a cache or a
// queue broker) for reuse, so that each request does not pay a dial.
package connpool

import (
	"errors"
	"net"
	"sync"
)

var ErrClosed = errors.New("connpool: pool closed")

type Pool struct {
	dial   func() (net.Conn, error)
	idle   chan net.Conn
	mu     sync.Mutex // guards closed and sends on idle
	closed bool
}

// New returns a pool that keeps at most maxIdle idle connections.
func New(dial func() (net.Conn, error), maxIdle int) *Pool {
	return &Pool{dial: dial, idle: make(chan net.Conn, maxIdle)}
}

// Get returns an idle connection, or dials a new one.
func (p *Pool) Get() (net.Conn, error) {
	select {
	case c, ok := <-p.idle:
		if !ok {
			return nil, ErrClosed
		}
		return c, nil
	default:
		return p.dial()
	}
}

// Put gives back a connection obtained from Get: it is kept for reuse,
// or closed if the pool is full or closed.
func (p *Pool) Put(c net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		c.Close()
		return
	}
	select {
	case p.idle <- c:
	default:
		c.Close()
	}
}

// Close closes the idle connections; connections in use are closed when
// they are put back.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	close(p.idle)
	p.mu.Unlock()
	for c := range p.idle {
		c.Close()
	}
}
