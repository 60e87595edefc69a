// Command racycounter increments a counter from two goroutines without a
// lock: a data race, and a lost update on some schedules.
package main

import "sync"

func main() {
	n := 0
	var wg sync.WaitGroup
	wg.Add(2)
	for range 2 {
		go func() {
			defer wg.Done()
			n++
		}()
	}
	wg.Wait()
	if n != 2 {
		panic("lost update")
	}
}
