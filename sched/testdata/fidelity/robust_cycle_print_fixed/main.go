// Command robust_cycle_print_fixed renames the peer under the lock.
//
// want: clean
package main

import (
	"fmt"
	"sync"
)

type Peer struct {
	Name string
	Next any // the next peer of the ring
}

func main() {
	var mu sync.Mutex
	a, b := &Peer{Name: "a"}, &Peer{Name: "b"}
	a.Next, b.Next = b, a
	done := make(chan string)
	go func() {
		mu.Lock()
		line := fmt.Sprintf("%s: %v", a.Name, a)
		mu.Unlock()
		done <- line
	}()
	mu.Lock()
	a.Name = "alpha"
	mu.Unlock()
	fmt.Println(len(<-done) > 0)
}
