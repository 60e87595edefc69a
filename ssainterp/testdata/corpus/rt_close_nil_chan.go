// Tests unrecovered close of a nil channel: "panic: close of nil channel".
package main

import "fmt"

type Conn struct {
	done chan struct{}
}

func (c *Conn) Close() {
	close(c.done)
}

func main() {
	c := &Conn{}
	fmt.Println("closing connection with nil done channel")
	c.Close()
}
