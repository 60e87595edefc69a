// Package ipaddressmanager models IpAddressManager, the address
// allocator of the DhcpServer in the CRE demo application, whose
// race Parizek and Plasil report in "Heuristic Reduction of
// Parallelism in Component Environment", CBSE 2008 (Section 3 and
// Appendix A): Timeout iterates assignedAddresses while
// releaseIpAddress removes from it. The same CRE application
// supplies AccountDatabase in Parizek and Kalibera, "Efficient
// Detection of Errors in Java Components Using Random Environment
// and Restarts", TACAS 2010.
//
// The manager leases the addresses of a small fixed pool to clients; the
// leases are kept in a slice in allocation order, guarded by a mutex.
//
// The bug is in Allocated (ipaddressmanager.go, method Allocated): the
// buggy manager walks the lease slice without the mutex, Java style — it
// reads the length once and then indexes the slice field again at every
// step. Against Allocate (which appends) or Release and ReleaseAll (which
// remove and shift the slice) on the other goroutine this is a data race,
// and when a lease is removed in the middle of the walk the stale length
// makes the walk index past the end of the shrunken slice: an index out
// of range panic (Java's ConcurrentModificationException). NewFixed walks
// the slice under the mutex.
package ipaddressmanager

import (
	"errors"
	"sync"
)

// pool is the address pool, in allocation order.
var pool = []string{"10.0.0.1", "10.0.0.2", "10.0.0.3"}

// Errors returned by the manager.
var (
	ErrInvalidClient = errors.New("ipaddressmanager: empty client name")
	ErrExhausted     = errors.New("ipaddressmanager: no free address")
	ErrNoLease       = errors.New("ipaddressmanager: client has no address")
)

type lease struct {
	client, addr string
}

// Manager is the IP address manager.
type Manager struct {
	fixed bool

	mu       sync.Mutex
	free     []string // free addresses, in pool order
	assigned []lease  // leases in allocation order; at most one per client
}

// New returns a manager with the whole pool free and the injected bug in
// Allocated.
func New() *Manager { return newManager(false) }

// NewFixed returns a manager with the whole pool free, without the bug.
func NewFixed() *Manager { return newManager(true) }

func newManager(fixed bool) *Manager {
	return &Manager{fixed: fixed, free: append([]string(nil), pool...)}
}

// find returns the index of client's lease, or -1; m.mu is held.
func (m *Manager) find(client string) int {
	for i, l := range m.assigned {
		if l.client == client {
			return i
		}
	}
	return -1
}

// Allocate leases the first free address to client and returns it. A
// client that has a lease gets the same address again.
func (m *Manager) Allocate(client string) (string, error) {
	if client == "" {
		return "", ErrInvalidClient
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(client); i >= 0 {
		return m.assigned[i].addr, nil
	}
	if len(m.free) == 0 {
		return "", ErrExhausted
	}
	addr := m.free[0]
	m.free = append(m.free[:0], m.free[1:]...)
	m.assigned = append(m.assigned, lease{client, addr})
	return addr, nil
}

// Release ends client's lease and returns its address to the pool.
func (m *Manager) Release(client string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(client)
	if i < 0 {
		return ErrNoLease
	}
	m.release(i)
	return nil
}

// release removes lease i, keeping the order of the others; m.mu is held.
func (m *Manager) release(i int) {
	addr := m.assigned[i].addr
	last := len(m.assigned) - 1
	copy(m.assigned[i:], m.assigned[i+1:])
	m.assigned[last] = lease{}
	m.assigned = m.assigned[:last]
	// Put addr back in pool order.
	m.free = append(m.free, "")
	j := len(m.free) - 1
	for ; j > 0 && poolIndex(m.free[j-1]) > poolIndex(addr); j-- {
		m.free[j] = m.free[j-1]
	}
	m.free[j] = addr
}

func poolIndex(addr string) int {
	for i, a := range pool {
		if a == addr {
			return i
		}
	}
	return len(pool)
}

// Lookup returns the address leased to client.
func (m *Manager) Lookup(client string) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(client); i >= 0 {
		return m.assigned[i].addr, true
	}
	return "", false
}

// Allocated returns the leased addresses in allocation order.
func (m *Manager) Allocated() []string {
	if m.fixed {
		m.mu.Lock()
		defer m.mu.Unlock()
	}
	// injected bug: without the fix the leases are walked without m.mu,
	// re-reading m.assigned at each step against a length read once.
	n := len(m.assigned)
	addrs := make([]string, 0, len(pool))
	for i := 0; i < n; i++ {
		addrs = append(addrs, m.assigned[i].addr)
	}
	return addrs
}

// Free returns the number of free addresses.
func (m *Manager) Free() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.free)
}

// ReleaseAll ends every lease, most recent first, and returns how many.
func (m *Manager) ReleaseAll() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.assigned)
	for i := n - 1; i >= 0; i-- {
		m.release(i)
	}
	return n
}
