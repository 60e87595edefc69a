// Command builderrace_fixed is builderrace with the writes under a
// mutex; two goroutines then read the Builder at once without one, which
// is no race (String and Len only read it).
package main

import (
	"strings"
	"sync"
)

func main() {
	var b strings.Builder
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			b.WriteString("x")
			mu.Unlock()
		}()
	}
	wg.Wait()
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if b.String() != "xx" || b.Len() != 2 {
				panic("lost a write")
			}
		}()
	}
	wg.Wait()
}
