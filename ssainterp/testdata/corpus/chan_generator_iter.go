// Tests channel-based generators wrapped as range-over-func iterators, with early break releasing the producer.
package main

import (
	"fmt"
	"iter"
	"sync"
)

func produce(n int, done <-chan struct{}, wg *sync.WaitGroup) <-chan int {
	ch := make(chan int)
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(ch)
		for i := range n {
			select {
			case ch <- i * i:
			case <-done:
				return
			}
		}
	}()
	return ch
}

func FromChan[T any](ch <-chan T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range ch {
			if !yield(v) {
				return
			}
		}
	}
}

func main() {
	var wg sync.WaitGroup
	done := make(chan struct{})
	total := 0
	for v := range FromChan(produce(10, done, &wg)) {
		total += v
	}
	fmt.Println("total:", total)
	var got []int
	for v := range FromChan(produce(1000, done, &wg)) {
		if v > 50 {
			break
		}
		got = append(got, v)
	}
	close(done) // releases the abandoned producer
	wg.Wait()
	fmt.Println("got:", got)
	merged := make(chan string)
	var wg2 sync.WaitGroup
	for _, name := range []string{"a", "b", "c"} {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			for i := range 3 {
				merged <- fmt.Sprint(name, i)
			}
		}()
	}
	go func() { wg2.Wait(); close(merged) }()
	count := map[byte]int{}
	for s := range FromChan(merged) {
		count[s[0]]++
	}
	fmt.Println(count)
	if total != 285 {
		panic("FAIL: total")
	}
}
