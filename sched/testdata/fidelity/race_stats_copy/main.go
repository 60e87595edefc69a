// Command race_stats_copy counts a server's requests and errors with
// atomic adds, and the reporter copies the whole Stats struct with a
// plain load: the copy reads every field, racing with the atomic adds
// (the atomics protect nothing unless every access is atomic).
//
// want: data race [atomic write]
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
	snap := stats // the reporter's snapshot
	fmt.Println(snap.Requests, snap.Errors)
	wg.Wait()
}
