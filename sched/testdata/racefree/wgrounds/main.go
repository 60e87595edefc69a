// Command wgrounds reuses one WaitGroup for three rounds of workers; a
// monitor waits for each round too, and main starts the next round only
// after the monitor has returned from its Wait.
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	results := make([]int, 3)
	for round := range 3 {
		wg.Add(2)
		monitored := make(chan struct{})
		go func() {
			wg.Wait()
			close(monitored)
		}()
		for w := range 2 {
			go func() {
				defer wg.Done()
				if w == 0 {
					results[round] = round * 10
				}
			}()
		}
		wg.Wait()
		<-monitored
	}
	if results[2] != 20 {
		panic("FAIL: a round's result is missing")
	}
}
