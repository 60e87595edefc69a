// Command workerpool has two workers take jobs from a jobs channel and send
// results to a results channel; a closer goroutine closes results once the
// workers are done, and main ranges over them.
package main

import "sync"

type job struct{ id, n int }
type result struct{ id, sq, worker int }

func main() {
	jobs := make(chan job, 2)
	results := make(chan result)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				results <- result{j.id, j.n * j.n, w}
			}
		}()
	}
	go func() {
		for i := range 4 {
			jobs <- job{i, i + 1}
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	got := map[int]int{}
	for r := range results {
		if _, dup := got[r.id]; dup {
			panic("FAIL: duplicate result")
		}
		got[r.id] = r.sq
	}
	if len(got) != 4 {
		panic("FAIL: lost result")
	}
	for id, sq := range got {
		if sq != (id+1)*(id+1) {
			panic("FAIL: wrong result")
		}
	}
}
