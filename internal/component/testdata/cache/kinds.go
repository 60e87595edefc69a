package cache

import (
	"context"
	"fmt"
	"sync"
)

// Kinds has a method for each kind of built-in parameter domain; each
// checks the value it gets is well formed and panics otherwise.
type Kinds struct {
	mu  sync.Mutex
	log []string
}

// NewKinds returns a Kinds.
func NewKinds() *Kinds { return &Kinds{} }

func (k *Kinds) note(format string, args ...any) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.log = append(k.log, fmt.Sprintf(format, args...))
}

// Point is a struct parameter.
type Point struct{ X, Y int }

// Ctx needs a usable context.
func (k *Kinds) Ctx(ctx context.Context) error { k.note("ctx"); return ctx.Err() }

// Each calls f, which must be callable.
func (k *Kinds) Each(f func(int) bool) bool { return f(1) }

// Slice sums lengths.
func (k *Kinds) Slice(xs []string) int {
	n := 0
	for _, x := range xs {
		n += len(x)
	}
	return n
}

// Map reads m.
func (k *Kinds) Map(m map[string]int) int { return m["a"] }

// Ptr dereferences p if it is not nil.
func (k *Kinds) Ptr(p *Point) int {
	if p == nil {
		return -1
	}
	p.X++
	return p.X
}

// Any formats v.
func (k *Kinds) Any(v any) string { return fmt.Sprint(v) }

// Struct adds the fields.
func (k *Kinds) Struct(p Point) int { return p.X + p.Y }

// Float halves f.
func (k *Kinds) Float(f float32) float32 { return f / 2 }

// Uint wraps around.
func (k *Kinds) Uint(u uint8) uint8 { return u + 1 }

// Variadic counts.
func (k *Kinds) Variadic(xs ...int) int { return len(xs) }

// Err reports whether e is nil.
func (k *Kinds) Err(e error) bool { return e == nil }

// Complex returns the real part.
func (k *Kinds) Complex(c complex128) float64 { return real(c) }

// Named takes a named string type.
func (k *Kinds) Named(s Name) int { return len(s) }

// Name is a named string type.
type Name string

// Callback passes a function with results.
func (k *Kinds) Callback(f func(string) (int, error)) error {
	_, err := f("x")
	return err
}
