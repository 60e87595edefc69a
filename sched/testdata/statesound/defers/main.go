// Command defers: the last of two locked writes picks the function a
// third goroutine defers; the program panics when it is the first
// goroutine's, which dfs's first schedule (each goroutine runs as long as
// it can) does not pick. After the defer statements the third
// goroutine's registers and memory are the same either way: the two
// states differ only in its deferred calls.
package main

import "sync"

var (
	fns    []func()
	result int
	mu     sync.Mutex
)

func set(v int) func() { return func() { result = v } }

func nop() {}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	for i := 1; i <= 2; i++ {
		go func() {
			defer wg.Done()
			mu.Lock()
			fns = []func(){set(i), nop}
			mu.Unlock()
		}()
	}
	wg.Wait()
	finished := make(chan bool)
	go func() {
		defer close(finished)
		l := fns
		for i := range l {
			defer l[i]()
		}
		l[0] = nil
		fns = nil
		mu.Lock()
		mu.Unlock()
	}()
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	<-finished
	if result == 1 {
		panic("the first goroutine's function was deferred")
	}
}
