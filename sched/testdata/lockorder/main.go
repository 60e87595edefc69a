// Command lockorder takes two mutexes in opposite orders on two
// goroutines: a lock-order deadlock on some schedules.
package main

import "sync"

func main() {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		b.Lock()
		a.Lock()
		a.Unlock()
		b.Unlock()
	}()
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
	wg.Wait()
}
