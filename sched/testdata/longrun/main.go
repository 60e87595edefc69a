// Command longrun makes many steps, all of them progress (two goroutines
// take a lock a thousand times each), and then races: an execution
// past the fair phase's fixed budget that a time budget lets finish,
// and whose failure replays.
package main

import "sync"

func main() {
	var mu sync.Mutex
	n, last := 0, 0
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				mu.Lock()
				n++
				mu.Unlock()
			}
			last = i // the race
		}()
	}
	wg.Wait()
	println(n, last)
}
