// Tests a worker pool: jobs channel, results channel, WaitGroup, results summed and sorted.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type job struct{ id, n int }
type result struct {
	id, worker, value int
}

func collatz(n int) int {
	steps := 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func main() {
	jobs := make(chan job)
	results := make(chan result, 10)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				results <- result{j.id, w, collatz(j.n)}
			}
		}()
	}
	go func() {
		for i := 1; i <= 30; i++ {
			jobs <- job{i, i * 7}
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var all []result
	workersUsed := map[int]bool{}
	for r := range results {
		all = append(all, r)
		workersUsed[r.worker] = true
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	total := 0
	for _, r := range all {
		fmt.Printf("job %2d (n=%3d): %d steps\n", r.id, r.id*7, r.value)
		total += r.value
	}
	fmt.Println("jobs:", len(all), "total steps:", total, "workers > 0:", len(workersUsed) > 0)
	if len(all) != 30 {
		panic("FAIL: missing results")
	}
}
