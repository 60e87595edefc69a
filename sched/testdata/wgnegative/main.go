// Command wgnegative: a worker calls Done twice (once deferred, once by
// hand on its error path), so the counter goes negative and Go panics
// "sync: negative WaitGroup counter".
package main

import (
	"errors"
	"sync"
)

func work(i int) error {
	if i == 1 {
		return errors.New("bad input")
	}
	return nil
}

func main() {
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := work(i); err != nil {
				errs[i] = err
				wg.Done() // the deferred Done runs too
				return
			}
		}()
	}
	wg.Wait()
}
