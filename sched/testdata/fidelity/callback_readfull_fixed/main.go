// Command callback_readfull_fixed: the peer closes the connection when
// it is done, so io.ReadFull returns io.ErrUnexpectedEOF instead of
// waiting forever for the missing byte.
//
// want: clean
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
		defer close(conn.in)
		conn.in <- []byte("v1")
		conn.in <- []byte("|")
	}()
	hdr := make([]byte, 4)
	if _, err := io.ReadFull(conn, hdr); err != io.ErrUnexpectedEOF {
		panic(fmt.Sprintf("want io.ErrUnexpectedEOF, got %v", err))
	}
}
