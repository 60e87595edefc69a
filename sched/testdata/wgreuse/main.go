// Command wgreuse: a monitor goroutine waits for the first round on the
// same WaitGroup that main reuses for the second round. When the first
// round ends main may Add for the next one before the monitor has
// returned from Wait: Go panics "sync: WaitGroup is reused before
// previous Wait has returned" (and its race detector reports the Add).
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for round := range 2 {
		wg.Add(1)
		if round == 0 {
			go func() {
				wg.Wait()
				println("first round done")
			}()
		}
		go func() {
			defer wg.Done()
		}()
		wg.Wait()
	}
}
