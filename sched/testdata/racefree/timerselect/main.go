// Command timerselect races a worker's result against time.After in a
// select; either outcome is handled, the result channel is buffered so the
// worker never blocks, and main waits for the worker before returning.
// A stopped timer never fires. Durations are symbolic (virtual clock).
package main

import (
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	res := make(chan int, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		res <- 6 * 7
	}()
	select {
	case v := <-res:
		if v != 42 {
			panic("FAIL: result")
		}
	case <-time.After(time.Hour):
		// timed out: the worker's send still succeeds into the buffer
	}
	wg.Wait()

	t := time.NewTimer(time.Hour)
	t.Stop() // false only if the (virtual) hour already elapsed
	fired := make(chan struct{})
	time.AfterFunc(time.Millisecond, func() { close(fired) })
	<-fired
}
