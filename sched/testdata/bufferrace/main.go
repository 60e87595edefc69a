// Command bufferrace writes one bytes.Buffer from two goroutines without
// a lock: a data race inside the Buffer's methods, as Go's race detector
// reports it (bytes is run from SSA, so its fields are the program's
// memory).
package main

import (
	"bytes"
	"sync"
)

func main() {
	var buf bytes.Buffer
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf.WriteString("hello")
		}()
	}
	wg.Wait()
	if buf.Len() != 10 {
		panic("lost a write")
	}
}
