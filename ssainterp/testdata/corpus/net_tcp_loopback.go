// Package main exercises package net over loopback: a TCP echo server,
// half-close, Go's errors for a refused dial, a port in use, a read
// after Close and an expired deadline, and net.Pipe.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
)

func echoServer(ln net.Listener, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			fmt.Println("accept ended:", errors.Is(err, net.ErrClosed))
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.Close()
			r := bufio.NewReader(c)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				fmt.Fprintf(c, "echo: %s", strings.ToUpper(line))
			}
		}()
	}
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	addr := ln.Addr().(*net.TCPAddr)
	fmt.Println("listening on loopback:", addr.IP.IsLoopback(), addr.Port > 0, ln.Addr().Network())
	var wg sync.WaitGroup
	wg.Add(1)
	go echoServer(ln, &wg)

	for i := 0; i < 2; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			fmt.Println("dial:", err)
			return
		}
		fmt.Println("remote is the listener:", c.RemoteAddr().String() == ln.Addr().String())
		r := bufio.NewReader(c)
		for _, msg := range []string{"hello", "world"} {
			fmt.Fprintf(c, "%s %d\n", msg, i)
			line, _ := r.ReadString('\n')
			fmt.Print(line)
		}
		c.(*net.TCPConn).CloseWrite()
		rest, err := io.ReadAll(r)
		fmt.Printf("after CloseWrite: %q %v\n", rest, err)
		c.Close()
		_, err = c.Read(make([]byte, 1))
		fmt.Println("read after close is ErrClosed:", errors.Is(err, net.ErrClosed))
		var op *net.OpError
		fmt.Println("as OpError:", errors.As(err, &op), op.Op, op.Net, op.Err)
	}

	_, err = net.Listen("tcp", ln.Addr().String())
	fmt.Println("port in use:", errors.Is(err, syscall.EADDRINUSE))
	if op, ok := err.(*net.OpError); ok {
		fmt.Println("  op:", op.Op, op.Net, op.Err)
	}

	// A deadline: nobody writes.
	c, _ := net.Dial("tcp", ln.Addr().String())
	c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
	_, err = c.Read(make([]byte, 1))
	var ne net.Error
	fmt.Println("deadline:", errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout(), err.(*net.OpError).Err)
	c.Close()

	ln.Close()
	wg.Wait()
	_, err = net.Dial("tcp", ln.Addr().String())
	fmt.Println("dial closed port refused:", errors.Is(err, syscall.ECONNREFUSED))
	if op, ok := err.(*net.OpError); ok {
		fmt.Println("  op:", op.Op, op.Net, op.Err)
	}

	// net.Pipe: synchronous, in memory.
	a, b := net.Pipe()
	go func() {
		fmt.Fprint(a, "over the pipe")
		a.Close()
	}()
	got, err := io.ReadAll(b)
	fmt.Printf("pipe: %q %v\n", got, err)

	// A localhost dial.
	ln2, _ := net.Listen("tcp", "localhost:0")
	go func() {
		c, err := ln2.Accept()
		if err == nil {
			c.Write([]byte("hi"))
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(ln2.Addr().String())
	c2, err := net.DialTimeout("tcp", net.JoinHostPort("localhost", port), time.Second)
	if err != nil {
		fmt.Println("dial localhost:", err)
		return
	}
	got, _ = io.ReadAll(c2)
	fmt.Printf("localhost: %q\n", got)
	c2.Close()
	ln2.Close()
}
