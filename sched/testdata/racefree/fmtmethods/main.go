// Command fmtmethods formats values with String and Error methods from
// three goroutines at once: fmt runs from SSA for them, and its printers,
// reused through fmt's sync.Pool by different goroutines, and its lazily
// initialised globals must not be reported as races.
package main

import (
	"errors"
	"fmt"
	"sync"
)

type ID int

func (i ID) String() string { return fmt.Sprintf("id-%d", int(i)) }

type OpError struct{ Op string }

func (e *OpError) Error() string { return e.Op + " failed" }

func main() {
	var wg sync.WaitGroup
	out := make([]string, 3)
	for k := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := fmt.Errorf("w%d: %w", k, &OpError{"dial"})
			out[k] = fmt.Sprint(ID(k), " ", err, " ", errors.Unwrap(err))
		}()
	}
	wg.Wait()
	for k, s := range out {
		if want := fmt.Sprintf("id-%d w%d: dial failed dial failed", k, k); s != want {
			panic(s + " != " + want)
		}
	}
}
