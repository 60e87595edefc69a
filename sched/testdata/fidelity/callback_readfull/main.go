// Command callback_readfull reads a fixed-size frame header with
// io.ReadFull from a connection whose Read waits on a channel. The peer
// sends three of the four header bytes and then goes away without
// closing the connection, so ReadFull blocks forever inside Read.
//
// want: global deadlock
package main

import (
	"fmt"
	"io"
)

type chanConn struct {
	in   chan []byte
	rest []byte
}

func (c *chanConn) Read(p []byte) (int, error) {
	if len(c.rest) == 0 {
		b, ok := <-c.in
		if !ok {
			return 0, io.EOF
		}
		c.rest = b
	}
	n := copy(p, c.rest)
	c.rest = c.rest[n:]
	return n, nil
}

func main() {
	conn := &chanConn{in: make(chan []byte)}
	go func() {
		conn.in <- []byte("v1")
		conn.in <- []byte("|") // the fourth byte never comes
	}()
	hdr := make([]byte, 4)
	if _, err := io.ReadFull(conn, hdr); err != nil {
		fmt.Println("short header:", err)
		return
	}
	fmt.Printf("header %q\n", hdr)
}
