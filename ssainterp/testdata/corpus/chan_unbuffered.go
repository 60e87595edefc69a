// Tests unbuffered channels: ping-pong synchronization between goroutines with strict alternation.
package main

import "fmt"

func main() {
	ping, pong := make(chan int), make(chan int)
	done := make(chan struct{})
	go func() {
		for v := range ping {
			pong <- v * 2
		}
		close(done)
	}()
	for i := range 8 {
		ping <- i
		fmt.Println("sent", i, "got", <-pong)
	}
	close(ping)
	<-done
	fmt.Println("worker finished")
	// channel of channels
	reqs := make(chan chan string)
	go func() {
		n := 0
		for r := range reqs {
			n++
			r <- fmt.Sprint("reply#", n)
		}
	}()
	for range 3 {
		r := make(chan string)
		reqs <- r
		fmt.Println(<-r)
	}
	close(reqs)
	// directional channel types
	var sendOnly chan<- int
	var recvOnly <-chan int
	c := make(chan int)
	sendOnly, recvOnly = c, c
	go func() { sendOnly <- 99 }()
	v := <-recvOnly
	fmt.Println("directional:", v)
	fmt.Printf("%T %T %T\n", c, sendOnly, recvOnly)
	if v != 99 {
		panic("FAIL: directional")
	}
	// unbuffered len and cap are zero
	fmt.Println(len(c), cap(c))
}
