// Command atomiccas updates shared values with CompareAndSwap retry loops:
// a running maximum and a running sum, plus a one-shot claim where only
// the first CompareAndSwap from zero succeeds.
package main

import (
	"sync"
	"sync/atomic"
)

func storeMax(m *atomic.Int64, v int64) {
	for {
		old := m.Load()
		if v <= old || m.CompareAndSwap(old, v) {
			return
		}
	}
}

func main() {
	var maxv atomic.Int64
	var sum atomic.Int64
	var claimed atomic.Int32 // 0 = free; the first CAS from 0 to id wins
	var wg sync.WaitGroup
	vals := [][]int64{{3, 9}, {7, 1}, {5, 8}}
	for i, vs := range vals {
		wg.Add(1)
		go func() {
			defer wg.Done()
			claimed.CompareAndSwap(0, int32(i+1))
			for _, v := range vs {
				storeMax(&maxv, v)
				for {
					old := sum.Load()
					if sum.CompareAndSwap(old, old+v) {
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	if maxv.Load() != 9 || sum.Load() != 33 {
		panic("FAIL: CAS update lost")
	}
	if c := claimed.Load(); c < 1 || c > 3 {
		panic("FAIL: claim")
	}
}
