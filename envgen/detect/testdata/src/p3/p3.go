// Package p3 holds instances of P3 (a field accessed under different
// locks, or under a lock and none) and code that must not be reported.
package p3

import "sync"

// Two has two locks of its own and a field accessed under each (t1 = t2,
// weight 0.25).
type Two struct {
	a, b  sync.Mutex
	count int
}

func (t *Two) IncA() {
	t.a.Lock()
	t.count++
	t.a.Unlock()
}

func (t *Two) GetB() int {
	t.b.Lock()
	defer t.b.Unlock()
	t.count = t.count % 7 // want `P3: \(\*Two\)\.count written under \(\*Two\)\.b in \(\*Two\)\.GetB; read under \(\*Two\)\.a in \(\*Two\)\.IncA \(weight 0\.25\)`
	return t.count
}

// global is guarded by a package-level lock in one method and by the
// receiver's lock in another (t1 ≠ t2, weight 0.8).
var (
	globalMu sync.Mutex
	global   int
)

type Cache struct {
	mu sync.Mutex
	n  int
}

func (c *Cache) Store(x int) {
	globalMu.Lock()
	global = x // want `P3: p3\.global written under p3\.globalMu in \(\*Cache\)\.Store; read under \(\*Cache\)\.mu in \(\*Cache\)\.Load \(weight 0\.8\)`
	globalMu.Unlock()
}

func (c *Cache) Load() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return global
}

// Pool updates its counter after releasing the lock (a lock on one side,
// none on the other; weight 0.8).
type Pool struct {
	mu     sync.Mutex
	active int
	idle   []int
}

func (p *Pool) Borrow() {
	p.mu.Lock()
	if p.active > 2 {
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	p.active++ // want `P3: \(\*Pool\)\.active written without a lock in \(\*Pool\)\.Borrow; read under \(\*Pool\)\.mu in \(\*Pool\)\.Borrow \(weight 0\.8\); read under \(\*Pool\)\.mu in \(\*Pool\)\.Active \(weight 0\.8\)` `P3: \(\*Pool\)\.active read without a lock in \(\*Pool\)\.Borrow; written under \(\*Pool\)\.mu in \(\*Pool\)\.Return \(weight 0\.8\)`
}

func (p *Pool) Return() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.active--
}

func (p *Pool) Active() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.active
}

// Counter always uses its one lock, through a helper too: nothing to report.
type Counter struct {
	mu sync.Mutex
	n  int
}

// NewCounter writes a fresh counter's field before anyone shares it.
func NewCounter(n int) *Counter {
	c := &Counter{}
	c.n = n
	return c
}

func (c *Counter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(1)
}

// add is called with c.mu held.
func (c *Counter) add(d int) { c.n += d }

func (c *Counter) Get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Plain has no locks at all: a type not meant for concurrent use is not
// reported.
type Plain struct{ x int }

func (p *Plain) Set(x int) { p.x = x }
func (p *Plain) Get() int  { return p.x }

// Config is written only by its constructor and read without a lock.
type Config struct {
	mu   sync.Mutex
	name string
	hits int
}

func NewConfig(name string) *Config { return &Config{name: name} }

func (c *Config) Name() string { return c.name }

func (c *Config) Hit() {
	c.mu.Lock()
	c.hits++
	c.mu.Unlock()
}

// Deferred: bump unlocks through a deferred closure, so Bump's write after
// the call is unlocked.
type Deferred struct {
	mu sync.Mutex
	n  int
}

func (d *Deferred) bump() {
	d.mu.Lock()
	defer func() { d.mu.Unlock() }()
	d.n++
}

func (d *Deferred) Bump() {
	d.bump()
	d.n = 0 // want `P3: \(\*Deferred\)\.n written without a lock in \(\*Deferred\)\.Bump; read under \(\*Deferred\)\.mu in \(\*Deferred\)\.Bump \(via \(\*Deferred\)\.bump\) \(weight 0\.8\)`
}
