// Tests context.WithCancel, WithTimeout (cancelled explicitly), WithValue, Cause and Err values.
package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

type ctxKey string

func worker(ctx context.Context, id int, out chan<- string, wg *sync.WaitGroup) {
	defer wg.Done()
	<-ctx.Done()
	out <- fmt.Sprintf("worker %d stopped: %v", id, ctx.Err())
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	fmt.Println("before cancel:", ctx.Err())
	out := make(chan string, 3)
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go worker(ctx, i, out, &wg)
	}
	cancel()
	wg.Wait()
	close(out)
	n := 0
	for s := range out {
		_ = s
		n++
	}
	fmt.Println("stopped workers:", n, "err:", ctx.Err(), errors.Is(ctx.Err(), context.Canceled))
	cancel() // idempotent
	tctx, tcancel := context.WithTimeout(context.Background(), time.Hour)
	_, hasDeadline := tctx.Deadline()
	fmt.Println("timeout ctx has deadline:", hasDeadline, "err:", tctx.Err())
	tcancel()
	<-tctx.Done()
	fmt.Println("after explicit cancel:", tctx.Err())
	vctx := context.WithValue(context.Background(), ctxKey("user"), "alice")
	vctx = context.WithValue(vctx, ctxKey("role"), "admin")
	child, ccancel := context.WithCancel(vctx)
	fmt.Println("values:", child.Value(ctxKey("user")), child.Value(ctxKey("role")), child.Value(ctxKey("missing")))
	fmt.Println("string key differs from ctxKey:", child.Value("user"))
	// parent cancellation propagates to children
	parent, pcancel := context.WithCancel(context.Background())
	kid, kcancel := context.WithCancel(parent)
	defer kcancel()
	pcancel()
	<-kid.Done()
	fmt.Println("child err after parent cancel:", kid.Err())
	ccancel()
	// cancel cause
	cctx, causeCancel := context.WithCancelCause(context.Background())
	causeCancel(errors.New("custom cause"))
	fmt.Println("cause:", context.Cause(cctx), "err:", cctx.Err())
	// background and TODO strings
	fmt.Println(context.Background(), context.TODO())
	fmt.Println("deadline exceeded msg:", context.DeadlineExceeded)
	// AfterFunc
	actx, acancel := context.WithCancel(context.Background())
	called := make(chan bool, 1)
	context.AfterFunc(actx, func() { called <- true })
	acancel()
	fmt.Println("AfterFunc ran:", <-called)
	// WithoutCancel
	wc := context.WithoutCancel(parent)
	fmt.Println("WithoutCancel err:", wc.Err())
	if ctx.Err() != context.Canceled {
		panic("FAIL: context")
	}
}
