// Command ctxcancel runs workers that take jobs until the context is
// cancelled; each records its result in its own slot, and main reads the
// results after cancel and wg.Wait.
package main

import (
	"context"
	"sync"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	jobs := make(chan int)
	sums := make([]int, 2)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-ctx.Done():
					if ctx.Err() != context.Canceled {
						panic("FAIL: ctx.Err after Done")
					}
					return
				case j := <-jobs:
					sums[w] += j
				}
			}
		}()
	}
	for j := 1; j <= 4; j++ {
		jobs <- j
	}
	cancel()
	wg.Wait()
	if sums[0]+sums[1] != 10 {
		panic("FAIL: lost job")
	}
}
