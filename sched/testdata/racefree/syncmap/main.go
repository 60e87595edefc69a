// Command syncmap has goroutines Store, Load, LoadOrStore and Range over a
// shared sync.Map concurrently.
package main

import (
	"sync"
	"sync/atomic"
)

func main() {
	var m sync.Map
	var wg sync.WaitGroup
	var winners atomic.Int32
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Store(i, i*100)
			if v, ok := m.Load(i); !ok || v.(int) != i*100 {
				panic("FAIL: own key not loaded")
			}
			if _, loaded := m.LoadOrStore("leader", i); !loaded {
				winners.Add(1)
			}
			m.Range(func(k, v any) bool {
				if n, ok := k.(int); ok && v.(int) != n*100 {
					panic("FAIL: range saw wrong value")
				}
				return true
			})
		}()
	}
	wg.Wait()
	if winners.Load() != 1 {
		panic("FAIL: LoadOrStore winner count")
	}
	count := 0
	m.Range(func(k, v any) bool {
		count++
		return true
	})
	if count != 4 {
		panic("FAIL: map size")
	}
	leader, _ := m.Load("leader")
	if l := leader.(int); l < 0 || l > 2 {
		panic("FAIL: leader")
	}
}
