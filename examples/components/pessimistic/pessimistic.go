// Package pessimistic models the Pessimistic Concurrency Manager of Perseus
// Concurrency 1.6, in which Parizek and Plasil found a race on the rollback
// attribute and an Object.wait never notified (pattern P2) in "Heuristic
// Reduction of Parallelism in Component Environment", CBSE 2008 (Section 3
// and Appendix A). It is checked in the setting of Parizek and Kalibera,
// "Efficient Detection of Errors in Java Components Using Random
// Environment and Restarts", TACAS 2010.
//
// Transactions are named by a context string and created on demand, like
// Perseus's getContextInfo. Write locks a resource for the context without
// waiting: a lock held by another context makes the writer rollback-only
// (ErrConflict), so no call waits for another transaction to end. Write
// stores the value under a per-resource latch (busy) with the manager
// mutex released, like Perseus's per-object MutexLock; Read, Write, Commit
// and Rollback wait on a sync.Cond while a resource they need is latched,
// which lasts only until the latching Write returns. Rollback leaves the
// context rolled back (Validate false) until Begin restarts it.
//
// The buggy component has two bugs:
//
//   - A lost wake-up in Write (pessimistic.go, method Write): after taking
//     a fresh lock it clears the latch without Broadcast, reasoning that
//     nobody waits for a resource nobody held. But Read, Write, Commit and
//     Rollback wait for the latch, not the lock: a goroutine that began
//     waiting while the latch was set sleeps forever (cf. Perseus's
//     "if (!res) notifyAll()" in MutexLock.close).
//   - A data race in Rollback (pessimistic.go, method Rollback): the
//     context's rollback flag is set after the mutex is released, racing
//     with Begin, Write, Validate, Commit and Rollback on the other
//     goroutine, which read or write it under the mutex. (In Perseus the
//     unsynchronised write was in begin, against validate's read.)
//
// NewFixed broadcasts on every latch release and sets the flag under the
// mutex.
package pessimistic

import (
	"errors"
	"sync"
)

// Errors returned by the manager.
var (
	ErrNoContext    = errors.New("pessimistic: no such context")
	ErrActive       = errors.New("pessimistic: context holds locks")
	ErrRollbackOnly = errors.New("pessimistic: context is rollback-only")
	ErrConflict     = errors.New("pessimistic: resource locked by another context; context is now rollback-only")
)

type resource struct {
	busy    bool   // latched by a Write storing pending without mu
	locked  bool   // write-locked by owner
	owner   string // context holding the lock
	value   int    // committed value
	pending int    // owner's uncommitted value, written under the latch
}

type txn struct {
	rollback bool     // rollback-only, or rolled back
	held     []string // resources locked by the context
}

// Manager is the pessimistic concurrency manager. Everything is guarded by
// mu except resource.pending, which is written only by the Write that set
// the resource's latch, and read only under mu when the latch is clear.
type Manager struct {
	fixed bool

	mu   sync.Mutex
	cond *sync.Cond // signalled when a latch is cleared
	res  map[string]*resource
	txns map[string]*txn
}

// New returns a manager with the injected lost wake-up and race.
func New() *Manager { return newManager(false) }

// NewFixed returns a manager without the bugs.
func NewFixed() *Manager { return newManager(true) }

func newManager(fixed bool) *Manager {
	m := &Manager{fixed: fixed, res: map[string]*resource{}, txns: map[string]*txn{}}
	m.cond = sync.NewCond(&m.mu)
	return m
}

// Begin starts (or restarts, after a rollback) the context ctx.
func (m *Manager) Begin(ctx string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.txns[ctx]
	if t == nil {
		t = &txn{}
		m.txns[ctx] = t
	} else if len(t.held) > 0 {
		return ErrActive
	}
	t.rollback = false
	return nil
}

// Write locks resource name for ctx and stores value as its uncommitted
// value.
func (m *Manager) Write(ctx, name string, value int) error {
	m.mu.Lock()
	r := m.res[name]
	if r == nil {
		r = &resource{}
		m.res[name] = r
	}
	for r.busy {
		m.cond.Wait()
	}
	t := m.txns[ctx]
	if t == nil {
		t = &txn{}
		m.txns[ctx] = t
	}
	if t.rollback {
		m.mu.Unlock()
		return ErrRollbackOnly
	}
	if r.locked && r.owner != ctx {
		t.rollback = true
		m.mu.Unlock()
		return ErrConflict
	}
	fresh := !r.locked
	if fresh {
		r.locked, r.owner = true, ctx
		t.held = append(t.held, name)
	}
	r.busy = true
	m.mu.Unlock()

	r.pending = value // under the latch only

	m.mu.Lock()
	r.busy = false
	// injected bug: without the fix a fresh lock clears the latch without
	// Broadcast, and a goroutine waiting for the latch sleeps forever.
	if m.fixed || !fresh {
		m.cond.Broadcast()
	}
	m.mu.Unlock()
	return nil
}

// Read returns the value of resource name as ctx sees it: its own
// uncommitted value if ctx holds the lock, otherwise the committed one.
func (m *Manager) Read(ctx, name string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.res[name]
	if r == nil {
		return 0
	}
	for r.busy {
		m.cond.Wait()
	}
	if r.locked && r.owner == ctx {
		return r.pending
	}
	return r.value
}

// Validate reports whether ctx may commit: it is unknown or not
// rollback-only (Perseus's validate).
func (m *Manager) Validate(ctx string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.txns[ctx]
	return t == nil || !t.rollback
}

// settled waits until no resource locked by ctx is latched and returns
// the context, or nil if there is none; m.mu is held.
func (m *Manager) settled(ctx string) *txn {
	for {
		t := m.txns[ctx]
		if t == nil {
			return nil
		}
		busy := false
		for _, name := range t.held {
			busy = busy || m.res[name].busy
		}
		if !busy {
			return t
		}
		m.cond.Wait()
	}
}

// Commit publishes the values ctx wrote, releases its locks and ends it.
func (m *Manager) Commit(ctx string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.settled(ctx)
	if t == nil {
		return ErrNoContext
	}
	if t.rollback {
		return ErrRollbackOnly
	}
	for _, name := range t.held {
		r := m.res[name]
		r.value = r.pending
		r.locked, r.owner = false, ""
	}
	delete(m.txns, ctx)
	return nil
}

// Rollback discards the values ctx wrote, releases its locks and leaves
// ctx rolled back until Begin.
func (m *Manager) Rollback(ctx string) error {
	m.mu.Lock()
	t := m.settled(ctx)
	if t == nil {
		m.mu.Unlock()
		return ErrNoContext
	}
	for _, name := range t.held {
		r := m.res[name]
		r.locked, r.owner = false, ""
	}
	t.held = nil
	if m.fixed {
		t.rollback = true
		m.mu.Unlock()
	} else {
		// injected bug: the flag is set after the mutex is released, an
		// unsynchronised write racing with the accesses under m.mu.
		m.mu.Unlock()
		t.rollback = true
	}
	return nil
}
