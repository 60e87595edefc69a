// Weak pointers made from one pointer compare equal and keep their value;
// pprof labels travel in contexts through Do, WithLabels and ForLabels.
package main

import (
	"context"
	"fmt"
	"runtime/pprof"
	"weak"
)

type node struct{ v int }

func main() {
	n := &node{v: 7}
	w1, w2 := weak.Make(n), weak.Make(n)
	fmt.Println(w1 == w2, w1.Value().v, weak.Make[node](nil).Value() == nil)
	ctx := pprof.WithLabels(context.Background(), pprof.Labels("worker", "a", "shard", "3"))
	pprof.Do(ctx, pprof.Labels("job", "x"), func(ctx context.Context) {
		v, ok := pprof.Label(ctx, "job")
		w, _ := pprof.Label(ctx, "worker")
		fmt.Println(v, ok, w)
		pprof.ForLabels(ctx, func(k, v string) bool { fmt.Println(k, "=", v); return true })
	})
	pprof.SetGoroutineLabels(ctx)
	fmt.Println(pprof.Lookup("goroutine").Name(), pprof.Lookup("nope") == nil)
}
