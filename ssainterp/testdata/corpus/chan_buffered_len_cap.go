// Tests buffered channels: len/cap as items are sent and received, FIFO order, nil channel len/cap.
package main

import "fmt"

func main() {
	c := make(chan string, 4)
	fmt.Println("empty:", len(c), cap(c))
	for _, s := range []string{"a", "b", "c"} {
		c <- s
		fmt.Println("after send", s, len(c), cap(c))
	}
	fmt.Println("recv:", <-c, len(c))
	c <- "d"
	c <- "e"
	fmt.Println("full:", len(c), cap(c))
	close(c)
	fmt.Println("closed still has:", len(c))
	for s := range c {
		fmt.Println("drain", s, len(c))
	}
	v, ok := <-c
	fmt.Printf("after drain: %q %v\n", v, ok)
	var nc chan int
	fmt.Println("nil chan:", len(nc), cap(nc), nc == nil)
	ic := make(chan int, 100)
	for i := range 100 {
		ic <- i
	}
	sum := 0
	for range 50 {
		sum += <-ic
	}
	fmt.Println("sum first 50:", sum, "left:", len(ic))
	if len(ic) != 50 || sum != 1225 {
		panic("FAIL: buffered")
	}
	// zero-capacity via make(chan T, 0)
	z := make(chan bool, 0)
	fmt.Println("zero cap:", cap(z))
	// struct channel
	type msg struct {
		id   int
		body string
	}
	mc := make(chan msg, 2)
	mc <- msg{1, "x"}
	mc <- msg{2, "y"}
	m1, m2 := <-mc, <-mc
	fmt.Println(m1, m2)
}
