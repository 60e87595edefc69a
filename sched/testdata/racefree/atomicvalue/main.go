// Command atomicvalue keeps a read-mostly map in an atomic.Value with
// copy-on-write: writers copy, modify and Store under a mutex that orders
// writers; readers Load without locking and never modify what they load.
package main

import (
	"sync"
	"sync/atomic"
)

type routes map[string]int

func main() {
	var v atomic.Value
	v.Store(routes{"/": 0})
	var writeMu sync.Mutex
	add := func(path string, port int) {
		writeMu.Lock()
		defer writeMu.Unlock()
		old := v.Load().(routes)
		next := make(routes, len(old)+1)
		for k, p := range old {
			next[k] = p
		}
		next[path] = port
		v.Store(next)
	}
	var wg sync.WaitGroup
	wg.Add(4)
	go func() { defer wg.Done(); add("/a", 1) }()
	go func() { defer wg.Done(); add("/b", 2) }()
	for range 2 {
		go func() {
			defer wg.Done()
			for range 2 {
				r := v.Load().(routes)
				if _, ok := r["/"]; !ok || len(r) > 3 {
					panic("FAIL: bad snapshot")
				}
			}
		}()
	}
	wg.Wait()
	r := v.Load().(routes)
	if len(r) != 3 || r["/a"] != 1 || r["/b"] != 2 {
		panic("FAIL: lost copy-on-write update")
	}
}
