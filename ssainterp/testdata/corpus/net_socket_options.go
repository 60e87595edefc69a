// Socket options through raw control: a ListenConfig's Control sets
// SO_REUSEADDR on the listener, and a connection's SyscallConn reads
// SO_RCVBUF; the connection then carries a line as any other.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"
)

func main() {
	lc := net.ListenConfig{Control: func(network, address string, c syscall.RawConn) error {
		var serr error
		if err := c.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1)
		}); err != nil {
			return err
		}
		return serr
	}}
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		line, _ := bufio.NewReader(c).ReadString('\n')
		fmt.Fprintf(c, "echo %s", line)
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	defer c.Close()
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err != nil {
		fmt.Println("syscallconn:", err)
		return
	}
	var gerr error
	cerr := raw.Control(func(fd uintptr) {
		_, gerr = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF)
	})
	// Natively the kernel answers; in memory the option is not known.
	fmt.Println("control:", cerr, "getsockopt answered:", gerr == nil || errors.Is(gerr, syscall.ENOPROTOOPT))
	fmt.Fprintf(c, "hello\n")
	reply, _ := bufio.NewReader(c).ReadString('\n')
	fmt.Print(reply)
}
