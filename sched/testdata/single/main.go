// Command single has one goroutine: exactly one schedule.
package main

import "sync"

func main() {
	var mu sync.Mutex
	n := 0
	for range 3 {
		mu.Lock()
		n++
		mu.Unlock()
	}
	if n != 3 {
		panic("lost update")
	}
}
