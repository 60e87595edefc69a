package cache

import (
	"context"
	"sync"
)

// Runner runs callbacks and counts them; Run counts outside the lock
// that Runs takes (a data race). Its test gives the context and the
// callback with mcheck.Values, which reports spell readably.
type Runner struct {
	mu   sync.Mutex
	runs int
}

// NewRunner returns a Runner.
func NewRunner() *Runner { return &Runner{} }

// Run calls f unless ctx is done.
func (r *Runner) Run(ctx context.Context, f func()) {
	if ctx.Err() != nil {
		return
	}
	f()
	r.runs++
}

// Runs is how many callbacks ran.
func (r *Runner) Runs() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.runs
}
