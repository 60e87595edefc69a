// Command waitgroup: three workers signal a WaitGroup the main goroutine
// waits for.
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	wg.Add(3)
	for range 3 {
		go func() { wg.Done() }()
	}
	wg.Wait()
}
