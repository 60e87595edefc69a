// Command ctxtimeout uses context.WithTimeout: a worker that waits for a
// reply that never comes gives up when the deadline passes; main cancels
// a second context early. Durations are symbolic (virtual clock).
package main

import (
	"context"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	never := make(chan int) // nobody sends: only the deadline ends the wait

	ctx1, cancel1 := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel1()
	var err1 error
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-never:
			panic("FAIL: impossible receive")
		case <-ctx1.Done():
			err1 = ctx1.Err()
		}
	}()

	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Hour)
	var err2 error
	wg.Add(1)
	go func() {
		defer wg.Done()
		<-ctx2.Done()
		err2 = ctx2.Err()
	}()
	cancel2()

	wg.Wait()
	if err1 != context.DeadlineExceeded {
		panic("FAIL: want DeadlineExceeded")
	}
	// cancel2 normally wins; if the (virtual) hour elapsed first, the
	// deadline does.
	if err2 != context.Canceled && err2 != context.DeadlineExceeded {
		panic("FAIL: ctx2 error")
	}
}
