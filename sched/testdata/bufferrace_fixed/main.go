// Command bufferrace_fixed is bufferrace with the writes under a mutex:
// no race.
package main

import (
	"bytes"
	"sync"
)

func main() {
	var buf bytes.Buffer
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			buf.WriteString("hello")
			mu.Unlock()
		}()
	}
	wg.Wait()
	if buf.Len() != 10 {
		panic("lost a write")
	}
}
