// Tests an errgroup-style helper: goroutines with context cancellation, first error captured with sync.Once.
package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
)

type Group struct {
	wg     sync.WaitGroup
	once   sync.Once
	err    error
	cancel context.CancelFunc
}

func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	return &Group{cancel: cancel}, ctx
}

func (g *Group) Go(f func() error) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		if err := f(); err != nil {
			g.once.Do(func() {
				g.err = err
				if g.cancel != nil {
					g.cancel()
				}
			})
		}
	}()
}

func (g *Group) Wait() error {
	g.wg.Wait()
	if g.cancel != nil {
		g.cancel()
	}
	return g.err
}

var errBad = errors.New("bad input")

func main() {
	g, ctx := WithContext(context.Background())
	results := make([]int, 5)
	for i := range 5 {
		g.Go(func() error {
			results[i] = i * 100
			return nil
		})
	}
	fmt.Println("err:", g.Wait(), results, ctx.Err())
	g2, ctx2 := WithContext(context.Background())
	var mu sync.Mutex
	var cancelled []int
	started := make(chan struct{})
	for i := range 4 {
		g2.Go(func() error {
			<-started
			<-ctx2.Done()
			mu.Lock()
			cancelled = append(cancelled, i)
			mu.Unlock()
			return ctx2.Err()
		})
	}
	g2.Go(func() error {
		close(started)
		return fmt.Errorf("worker failed: %w", errBad)
	})
	err := g2.Wait()
	sort.Ints(cancelled)
	fmt.Println("err:", err, errors.Is(err, errBad))
	fmt.Println("cancelled workers:", cancelled, ctx2.Err())
	if len(cancelled) != 4 {
		panic("FAIL: cancellation")
	}
}
