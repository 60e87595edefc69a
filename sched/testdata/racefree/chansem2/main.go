// Command chansem2 uses buffered channels of capacity 2 as semaphores.
// First, a counting semaphore limits four goroutines to two at a time;
// each writes only its own slot, and an atomic counter checks the limit.
// Second, a channel of capacity 2 holds two buffers as tokens: whoever
// receives a buffer owns it until sending it back, so the buffers'
// contents are protected by the channel alone.
package main

import (
	"sync"
	"sync/atomic"
)

type buf struct {
	data []int
}

func main() {
	// Counting semaphore.
	sem := make(chan struct{}, 2)
	var active, peak atomic.Int32
	results := make([]int, 4)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			a := active.Add(1)
			for {
				p := peak.Load()
				if a <= p || peak.CompareAndSwap(p, a) {
					break
				}
			}
			results[i] = i * i
			active.Add(-1)
			<-sem
		}()
	}
	wg.Wait()
	if peak.Load() > 2 || peak.Load() < 1 {
		panic("FAIL: semaphore limit exceeded")
	}
	for i, r := range results {
		if r != i*i {
			panic("FAIL: result slot")
		}
	}

	// Pool of two buffers passed as tokens.
	pool := make(chan *buf, 2)
	pool <- &buf{}
	pool <- &buf{}
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := <-pool
			b.data = append(b.data, i)
			pool <- b
		}()
	}
	wg.Wait()
	b1, b2 := <-pool, <-pool
	if len(b1.data)+len(b2.data) != 3 {
		panic("FAIL: pool buffers lost an append")
	}
}
