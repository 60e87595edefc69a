// Tests for-range over a channel fed by a producer goroutine that closes it.
package main

import "fmt"

func gen(n int) <-chan int {
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := range n {
			ch <- i * i
		}
	}()
	return ch
}

func squares(in <-chan int) <-chan string {
	out := make(chan string, 2)
	go func() {
		defer close(out)
		for v := range in {
			out <- fmt.Sprintf("[%d]", v)
		}
	}()
	return out
}

func main() {
	total := 0
	for v := range gen(10) {
		fmt.Print(v, " ")
		total += v
	}
	fmt.Println("\ntotal:", total)
	for s := range squares(gen(5)) {
		fmt.Print(s)
	}
	fmt.Println()
	// producer sending structured messages
	type event struct {
		seq  int
		name string
	}
	evs := make(chan event)
	go func() {
		for i, n := range []string{"start", "work", "stop"} {
			evs <- event{i, n}
		}
		close(evs)
	}()
	for e := range evs {
		fmt.Printf("%d:%s\n", e.seq, e.name)
	}
	if total != 285 {
		panic("FAIL: total")
	}
}
