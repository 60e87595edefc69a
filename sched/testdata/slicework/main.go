// Command slicework: goroutines fill and sum their own slices, then add
// their sums into a shared slice under a lock; memory-heavy work for
// measuring the cost of tracking accesses.
package main

import "sync"

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	sums := make([]int, 0, 4)
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]int, 200)
			for i := range buf {
				buf[i] = i * w
			}
			s := 0
			for _, v := range buf {
				s += v
			}
			mu.Lock()
			sums = append(sums, s)
			mu.Unlock()
		}()
	}
	wg.Wait()
	total := 0
	for _, s := range sums {
		total += s
	}
	if total != 3*19900 {
		panic("wrong total")
	}
}
