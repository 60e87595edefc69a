// Command time_sleepstart_fixed waits for the workers to register instead
// of sleeping.
//
// want: clean
package main

import (
	"fmt"
	"sync"
	"time"
)

type registry struct {
	mu      sync.Mutex
	members map[int]bool
}

func (r *registry) join(id int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.members[id] = true
}

func (r *registry) size() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.members)
}

func main() {
	r := &registry{members: map[int]bool{}}
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); r.join(i) }()
	}
	time.Sleep(time.Millisecond)
	wg.Wait()
	if n := r.size(); n != 3 {
		panic(fmt.Sprintf("only %d of 3 workers registered", n))
	}
}
