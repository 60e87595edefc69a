// Tests sync.Cond broadcast/wait handoff and sync.Map operations (sorted output).
package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	ready := false
	var wg sync.WaitGroup
	woke := make(chan int, 5)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				cond.Wait()
			}
			mu.Unlock()
			woke <- i
		}()
	}
	mu.Lock()
	ready = true
	cond.Broadcast()
	mu.Unlock()
	wg.Wait()
	close(woke)
	var ids []int
	for id := range woke {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	fmt.Println("woken:", ids)
	var m sync.Map
	var wg2 sync.WaitGroup
	for i := range 20 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			m.Store(i, i*i)
		}()
	}
	wg2.Wait()
	v, ok := m.Load(7)
	fmt.Println("load 7:", v, ok)
	act, loaded := m.LoadOrStore(7, -1)
	fmt.Println("LoadOrStore existing:", act, loaded)
	act, loaded = m.LoadOrStore(100, "new")
	fmt.Println("LoadOrStore new:", act, loaded)
	m.Delete(0)
	val, had := m.LoadAndDelete(1)
	fmt.Println("LoadAndDelete:", val, had)
	prev, swapped := m.Swap(2, "two")
	fmt.Println("Swap:", prev, swapped)
	fmt.Println("CompareAndSwap:", m.CompareAndSwap(3, 9, "nine"), m.CompareAndSwap(3, 0, "x"))
	var keys []int
	m.Range(func(k, v any) bool {
		keys = append(keys, k.(int))
		return true
	})
	sort.Ints(keys)
	fmt.Println("keys:", keys)
	m.Clear()
	cnt := 0
	m.Range(func(k, v any) bool { cnt++; return true })
	fmt.Println("after clear:", cnt)
}
