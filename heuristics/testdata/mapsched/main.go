// Command mapsched starts two goroutines, then as many more as a map's
// iteration order gives before key 4: the execution's seed, not the schedule, decides
// which goroutines exist, so a schedule prefix recorded under one seed
// may not fit under another.
package main

import "sync"

func main() {
	m := map[int]bool{1: true, 2: true, 3: true, 4: true}
	var (
		wg sync.WaitGroup
		mu sync.Mutex
		n  int
	)
	inc := func() {
		defer wg.Done()
		mu.Lock()
		n++
		mu.Unlock()
	}
	wg.Add(2)
	go inc()
	go inc()
	for k := range m {
		if k == 4 {
			break
		}
		wg.Add(1)
		go inc()
	}
	wg.Wait()
}
