// Command time_sleepstart sleeps a millisecond "to give the workers time to
// register" and then counts them: on a loaded machine they have not all
// started yet.
//
// want: panic [only]
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
	for i := range 3 {
		go r.join(i)
	}
	time.Sleep(time.Millisecond)
	if n := r.size(); n != 3 {
		panic(fmt.Sprintf("only %d of 3 workers registered", n))
	}
}
