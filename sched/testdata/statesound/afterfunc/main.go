// Command afterfunc: the last of two locked writes picks the function a
// timer runs; the program panics when it is the first goroutine's, which
// dfs's first schedule (each goroutine runs as long as it can) does not
// pick. The two states differ only in the pending timer's function.
package main

import (
	"sync"
	"time"
)

var (
	fn     func()
	result int
	mu     sync.Mutex
	fired  = make(chan bool)
)

func set(v int) func() {
	return func() {
		result = v
		fired <- true
	}
}

// arm starts the timer in a frame of its own, gone when it returns.
func arm() {
	time.AfterFunc(time.Hour, fn)
	fn = nil
}

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	for i := 1; i <= 2; i++ {
		go func() {
			defer wg.Done()
			mu.Lock()
			fn = set(i)
			mu.Unlock()
		}()
	}
	wg.Wait()
	arm()
	done := make(chan bool)
	go func() { done <- true }()
	<-done
	<-fired
	if result == 1 {
		panic("the first goroutine's function was armed")
	}
}
