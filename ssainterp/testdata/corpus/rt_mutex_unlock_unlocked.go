// Tests the fatal error for unlocking an unlocked sync.Mutex (not recoverable).
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	mu.Lock()
	fmt.Println("locked")
	mu.Unlock()
	fmt.Println("unlocked once")
	defer fmt.Println("deferred calls do not run after a fatal error")
	func() {
		defer func() { fmt.Println("recover sees:", recover()) }()
		mu.Unlock()
	}()
}
