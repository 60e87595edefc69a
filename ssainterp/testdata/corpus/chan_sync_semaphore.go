// Tests buffered channel as a semaphore bounding concurrency; max observed concurrency checked.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	sem := make(chan struct{}, 3)
	var active, peak atomic.Int32
	var wg sync.WaitGroup
	results := make([]int, 12)
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			n := active.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			s := 0
			for k := range 1000 {
				s += k % (i + 1)
			}
			results[i] = s
			active.Add(-1)
		}()
	}
	wg.Wait()
	fmt.Println("results:", results)
	fmt.Println("peak within limit:", peak.Load() <= 3 && peak.Load() >= 1)
	fmt.Println("sem empty:", len(sem), cap(sem))
	// token ring with unbuffered channels
	const n = 5
	chans := make([]chan int, n)
	for i := range chans {
		chans[i] = make(chan int)
	}
	final := make(chan int)
	for i := range n {
		go func() {
			v := <-chans[i]
			if i == n-1 {
				final <- v + i
				return
			}
			chans[i+1] <- v + i
		}()
	}
	chans[0] <- 100
	fmt.Println("ring:", <-final)
}
