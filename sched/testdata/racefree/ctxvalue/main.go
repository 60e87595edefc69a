// Command ctxvalue passes request-scoped values to goroutines with
// context.WithValue; a child context overrides one key for one goroutine.
package main

import (
	"context"
	"sync"
)

type key int

const (
	userKey key = iota
	traceKey
)

func handle(ctx context.Context) string {
	u, _ := ctx.Value(userKey).(string)
	t, _ := ctx.Value(traceKey).(string)
	return u + "/" + t
}

func main() {
	ctx := context.WithValue(context.Background(), userKey, "ann")
	ctx = context.WithValue(ctx, traceKey, "t1")
	out := make([]string, 3)
	var wg sync.WaitGroup
	for i := range 3 {
		c := ctx
		if i == 2 {
			c = context.WithValue(ctx, userKey, "bob")
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = handle(c)
		}()
	}
	wg.Wait()
	if out[0] != "ann/t1" || out[1] != "ann/t1" || out[2] != "bob/t1" {
		panic("FAIL: context values")
	}
	if handle(ctx) != "ann/t1" {
		panic("FAIL: parent changed")
	}
}
