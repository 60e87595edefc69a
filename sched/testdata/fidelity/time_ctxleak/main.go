// Command time_ctxleak calls a slow service under a context deadline: when
// the deadline wins the select, the worker blocks forever on its
// unbuffered send (the most common Go blocking bug in the field).
//
// want: partial deadlock
package main

import (
	"context"
	"fmt"
	"time"
)

func fetch(ctx context.Context) (int, error) {
	res := make(chan int)
	go func() {
		v := 42 // the slow lookup
		res <- v
	}()
	select {
	case v := <-res:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Millisecond)
	defer cancel()
	v, err := fetch(ctx)
	fmt.Println(v, err)
}
