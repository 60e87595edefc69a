// Raw reads of a loopback TCP connection through SyscallConn, as gRPC's
// transport reads every connection since v1.81: the function given to
// RawConn.Read calls syscall.Read on the descriptor without blocking and
// returns false on EAGAIN, and Read waits until the socket is readable.
package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"time"
)

// rawRead reads once through c's RawConn: the bytes, or io.EOF-like 0.
func rawRead(c *net.TCPConn, size int) (int, []byte, error) {
	raw, err := c.SyscallConn()
	if err != nil {
		return 0, nil, err
	}
	buf := make([]byte, size)
	var n int
	var rerr error
	calls := 0
	err = raw.Read(func(fd uintptr) bool {
		calls++
		n, rerr = syscall.Read(int(fd), buf)
		return !(rerr == syscall.EAGAIN || rerr == syscall.EWOULDBLOCK)
	})
	if err != nil {
		return 0, nil, err
	}
	if rerr != nil {
		return 0, nil, rerr
	}
	return n, buf[:n], nil
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	ready := make(chan bool)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			panic(err)
		}
		<-ready
		c.Write([]byte("hello, "))
		time.Sleep(10 * time.Millisecond)
		c.Write([]byte("raw world"))
		c.Close()
	}()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	tc := conn.(*net.TCPConn)
	// Nothing to read yet: the deadline ends the wait.
	tc.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
	_, _, err = rawRead(tc, 4)
	fmt.Println("before any write:", errors.Is(err, os.ErrDeadlineExceeded))
	tc.SetReadDeadline(time.Time{})
	close(ready)
	var got []byte
	for {
		n, b, err := rawRead(tc, 4)
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		if n == 0 {
			break
		}
		got = append(got, b...)
	}
	fmt.Printf("read %q, then end of stream\n", got)
	conn.Close()
	_, _, err = rawRead(tc, 4)
	var op *net.OpError
	fmt.Println("after Close:", errors.Is(err, net.ErrClosed), errors.As(err, &op) && op.Op == "raw-read")
	ln.Close()
}
