// Command robust_cycle_print logs a ring of peers whose nodes point at
// each other through an interface field while main renames a peer
// without the lock the logger takes: a data race. Printing the ring (a
// cycle through interfaces) must not take mcheck down.
//
// want: data race
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
	a.Name = "alpha" // bug: not under mu
	fmt.Println(len(<-done) > 0)
}
