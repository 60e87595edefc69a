// Command errgroup builds an errgroup-like type from a WaitGroup, a mutex
// guarding the first error, and a context cancelled on that error; a
// long-running task exits when the context is cancelled.
package main

import (
	"context"
	"errors"
	"sync"
)

type group struct {
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error
	cancel context.CancelFunc
}

func withContext(ctx context.Context) (*group, context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	return &group{cancel: cancel}, ctx
}

func (g *group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := f(); err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = err
				g.cancel()
			}
			g.mu.Unlock()
		}
	}()
}

func (g *group) Wait() error {
	g.wg.Wait()
	g.cancel()
	return g.err // ordered after every write by wg.Wait
}

var (
	errA = errors.New("a failed")
	errB = errors.New("b failed")
)

func main() {
	g, ctx := withContext(context.Background())
	partial := make([]int, 3)
	g.Go(func() error {
		partial[0] = 1
		return errA
	})
	g.Go(func() error {
		partial[1] = 2
		return errB
	})
	g.Go(func() error {
		<-ctx.Done() // runs until another task fails
		partial[2] = 3
		return ctx.Err()
	})
	err := g.Wait()
	if err != errA && err != errB {
		panic("FAIL: first error not one of the task errors")
	}
	if partial[0] != 1 || partial[1] != 2 || partial[2] != 3 {
		panic("FAIL: task writes not visible after Wait")
	}

	// A group with no failures returns nil.
	g2, _ := withContext(context.Background())
	n := make([]int, 2)
	for i := range 2 {
		g2.Go(func() error {
			n[i] = i + 1
			return nil
		})
	}
	if err := g2.Wait(); err != nil || n[0]+n[1] != 3 {
		panic("FAIL: clean group")
	}
}
