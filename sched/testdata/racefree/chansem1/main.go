// Command chansem1 uses a buffered channel of capacity 1 as a binary
// semaphore (send to acquire, receive to release) around a shared counter
// and slice.
package main

import "sync"

func main() {
	sem := make(chan struct{}, 1)
	var wg sync.WaitGroup
	n := 0
	var log []int
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2 {
				sem <- struct{}{}
				n++
				log = append(log, i)
				<-sem
			}
		}()
	}
	wg.Wait()
	if n != 6 || len(log) != 6 {
		panic("FAIL: lost update under semaphore")
	}
}
