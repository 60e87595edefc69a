// Command builderrace writes one strings.Builder from two goroutines
// without a lock: a data race, as Go's race detector reports it (the
// Builder runs natively; its methods read or write it, see
// ssainterp's receiverAccesses).
package main

import (
	"strings"
	"sync"
)

func main() {
	var b strings.Builder
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.WriteString("x")
		}()
	}
	wg.Wait()
	if b.Len() != 2 {
		panic("lost a write")
	}
}
