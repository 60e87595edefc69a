// Command bigbuffer_fixed is bigbuffer without the read of the other
// half: the goroutines touch disjoint words of the buffer, and a
// goroutine's own large buffer is its own.
package main

import "sync"

func main() {
	buf := make([]int, 4096)
	var wg sync.WaitGroup
	wg.Add(2)
	for half := range 2 {
		go func() {
			defer wg.Done()
			own := make([]byte, 4096)
			for i := half * 2048; i < (half+1)*2048; i += 512 {
				buf[i] = half + 1
				own[i] = byte(half)
			}
		}()
	}
	wg.Wait()
	println(buf[0], buf[2048])
}
