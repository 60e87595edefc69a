// Command chanfanin fans three producers into one channel; a WaitGroup
// closes the merged channel once every producer has finished.
package main

import "sync"

type item struct {
	src, seq int
}

func produce(src int) <-chan item {
	ch := make(chan item)
	go func() {
		defer close(ch)
		for seq := range 2 {
			ch <- item{src, seq}
		}
	}()
	return ch
}

func merge(cs ...<-chan item) <-chan item {
	out := make(chan item)
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func main() {
	seen := map[item]bool{}
	next := map[int]int{}
	for v := range merge(produce(0), produce(1), produce(2)) {
		if seen[v] {
			panic("FAIL: duplicate")
		}
		if next[v.src] != v.seq {
			panic("FAIL: per-source order broken")
		}
		next[v.src]++
		seen[v] = true
	}
	if len(seen) != 6 {
		panic("FAIL: lost item")
	}
}
