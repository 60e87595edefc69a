// Tests a select loop mixing send and receive cases on the same goroutine, with nil-ing channels to disable cases.
package main

import "fmt"

func main() {
	in := make(chan int)
	out := make(chan int)
	go func() {
		for i := 1; i <= 10; i++ {
			in <- i
		}
		close(in)
	}()
	results := make(chan []int)
	go func() {
		var got []int
		for v := range out {
			got = append(got, v)
		}
		results <- got
	}()
	var queue []int
	inCh := in
	for inCh != nil || len(queue) > 0 {
		var sendCh chan int
		var next int
		if len(queue) > 0 {
			sendCh = out
			next = queue[0]
		}
		select {
		case v, ok := <-inCh:
			if !ok {
				inCh = nil
				continue
			}
			queue = append(queue, v*v)
		case sendCh <- next:
			queue = queue[1:]
		}
	}
	close(out)
	got := <-results
	fmt.Println("relayed in order:", got)
	sum := 0
	for _, v := range got {
		sum += v
	}
	fmt.Println("sum:", sum)
	if len(got) != 10 || got[9] != 100 {
		panic("FAIL: relay")
	}
}
