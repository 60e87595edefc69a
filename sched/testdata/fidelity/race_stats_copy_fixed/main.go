// Command race_stats_copy_fixed takes the reporter's snapshot with an
// atomic load of each field.
//
// want: clean
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Stats struct {
	Requests int64
	Errors   int64
}

func handle(s *Stats, fail bool) {
	atomic.AddInt64(&s.Requests, 1)
	if fail {
		atomic.AddInt64(&s.Errors, 1)
	}
}

func (s *Stats) Snapshot() Stats {
	return Stats{Requests: atomic.LoadInt64(&s.Requests), Errors: atomic.LoadInt64(&s.Errors)}
}

func main() {
	var stats Stats
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			handle(&stats, i == 1)
		}()
	}
	snap := stats.Snapshot()
	fmt.Println(snap.Requests, snap.Errors)
	wg.Wait()
}
