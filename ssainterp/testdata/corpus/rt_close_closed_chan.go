// Tests unrecovered close of an already closed channel: "panic: close of closed channel".
package main

import "fmt"

func main() {
	c := make(chan int, 1)
	c <- 1
	close(c)
	fmt.Println(<-c)
	fmt.Println("closing again")
	close(c)
}
