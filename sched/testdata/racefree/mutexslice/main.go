// Command mutexslice appends to a shared slice from several goroutines
// under a sync.Mutex.
package main

import (
	"slices"
	"sync"
)

func main() {
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		out []int
	)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 2 {
				mu.Lock()
				out = append(out, i*2+j)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	slices.Sort(out)
	if !slices.Equal(out, []int{0, 1, 2, 3, 4, 5}) {
		panic("FAIL: lost or duplicated append")
	}
}
