// Tests pipeline stages and fan-out/fan-in merging with a done channel for cancellation.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func source(done <-chan struct{}, nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			select {
			case out <- n:
			case <-done:
				return
			}
		}
	}()
	return out
}

func square(done <-chan struct{}, in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			select {
			case out <- n * n:
			case <-done:
				return
			}
		}
	}()
	return out
}

func merge(done <-chan struct{}, cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int)
	for _, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range c {
				select {
				case out <- n:
				case <-done:
					return
				}
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
	done := make(chan struct{})
	in := source(done, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
	c1 := square(done, in)
	c2 := square(done, in)
	c3 := square(done, in)
	var got []int
	for v := range merge(done, c1, c2, c3) {
		got = append(got, v)
	}
	close(done)
	sort.Ints(got)
	fmt.Println("squares:", got)
	// early cancellation: take only 3 values from a long pipeline, count is deterministic
	done2 := make(chan struct{})
	long := make([]int, 1000)
	for i := range long {
		long[i] = i
	}
	out := square(done2, source(done2, long...))
	taken := 0
	for v := range out {
		_ = v
		taken++
		if taken == 3 {
			break
		}
	}
	close(done2)
	fmt.Println("taken:", taken)
	// multi-stage string pipeline
	words := make(chan string)
	upper := make(chan string)
	go func() {
		for _, w := range []string{"go", "ssa", "interp"} {
			words <- w
		}
		close(words)
	}()
	go func() {
		for w := range words {
			upper <- fmt.Sprintf("%s(%d)", w, len(w))
		}
		close(upper)
	}()
	for u := range upper {
		fmt.Println(u)
	}
	if len(got) != 10 || got[9] != 100 {
		panic("FAIL: pipeline")
	}
}
