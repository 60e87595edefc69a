// Command condbroadcast has three goroutines wait on a sync.Cond until a
// flag is set; main sets shared data and the flag under the lock and
// wakes them all with Broadcast.
package main

import "sync"

func main() {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	ready := false
	var data []int
	var wg sync.WaitGroup
	got := make([]int, 3)
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				cond.Wait()
			}
			got[i] = data[i]
			mu.Unlock()
		}()
	}
	mu.Lock()
	data = []int{10, 20, 30}
	ready = true
	cond.Broadcast()
	mu.Unlock()
	wg.Wait()
	for i, v := range got {
		if v != (i+1)*10 {
			panic("FAIL: waiter read wrong data")
		}
	}
}
