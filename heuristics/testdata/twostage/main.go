// Command twostage is a deep atomicity violation for guided test: a
// writer updates a pair in two critical sections, a checker looks at the
// pair in one, and ten busy goroutines take another lock around the
// checker's read many times, so a schedule must let the checker in
// exactly between the writer's two stages, past all the busy work.
package main

import "sync"

var (
	mu   sync.Mutex
	a, b int

	busyMu sync.Mutex
	busy   int
)

func writer(wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Lock()
	a = 1 // first stage
	mu.Unlock()
	mu.Lock()
	b = 1 // second stage
	mu.Unlock()
}

func checker(wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Lock()
	inconsistent := a != b // the check
	mu.Unlock()
	if inconsistent {
		panic("the checker saw the pair between the writer's stages")
	}
}

func worker(wg *sync.WaitGroup) {
	defer wg.Done()
	for range 5 {
		busyMu.Lock()
		busy++
		busyMu.Unlock()
	}
}

func main() {
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go worker(&wg)
	}
	wg.Add(2)
	go writer(&wg)
	go checker(&wg)
	wg.Wait()
}
