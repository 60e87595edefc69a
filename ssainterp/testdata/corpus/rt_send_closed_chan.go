// Tests unrecovered send on a closed channel: "panic: send on closed channel".
package main

import "fmt"

func main() {
	c := make(chan string, 2)
	c <- "a"
	close(c)
	for v := range c {
		fmt.Println("got", v)
	}
	c <- "b"
}
