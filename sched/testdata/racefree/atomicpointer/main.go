// Command atomicpointer publishes immutable config structs through an
// atomic.Pointer; readers Load and read the fields of whichever version
// they see, which is never modified after Store.
package main

import (
	"sync"
	"sync/atomic"
)

type config struct {
	version int
	limit   int // always version*10
	names   []string
}

func main() {
	var cur atomic.Pointer[config]
	cur.Store(&config{version: 1, limit: 10, names: []string{"a"}})
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		for v := 2; v <= 3; v++ {
			c := &config{version: v, limit: v * 10}
			for range v {
				c.names = append(c.names, "n")
			}
			cur.Store(c)
		}
	}()
	for range 2 {
		go func() {
			defer wg.Done()
			last := 0
			for range 3 {
				c := cur.Load()
				if c.limit != c.version*10 || len(c.names) != c.version {
					panic("FAIL: inconsistent config")
				}
				if c.version < last {
					panic("FAIL: version went backwards")
				}
				last = c.version
			}
		}()
	}
	wg.Wait()
	if c := cur.Load(); c.version != 3 {
		panic("FAIL: final version")
	}
}
