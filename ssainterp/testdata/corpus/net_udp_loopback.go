// Package main sends UDP datagrams over loopback: a packet listener
// answering each datagram, a connected client, WriteTo and ReadFrom.
package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"time"
)

func main() {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				fmt.Println("server stops:", errors.Is(err, net.ErrClosed))
				return
			}
			pc.WriteTo([]byte(strings.ToUpper(string(buf[:n]))), from)
		}
	}()
	c, err := net.Dial("udp", pc.LocalAddr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := make([]byte, 512)
	for _, m := range []string{"ping", "datagram", "x"} {
		c.Write([]byte(m))
		n, err := c.Read(buf)
		fmt.Printf("%q %v\n", buf[:n], err)
	}
	// An unconnected socket: WriteTo and ReadFrom name the peer.
	u, _ := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	u.WriteTo([]byte("from u"), pc.LocalAddr())
	n, from, err := u.ReadFromUDP(buf)
	fmt.Printf("%q from the server: %v %v\n", buf[:n], from.String() == pc.LocalAddr().String(), err)
	u.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
	_, _, err = u.ReadFrom(buf)
	fmt.Println("nothing more:", errors.Is(err, os.ErrDeadlineExceeded))
	u.Close()
	c.Close()
	pc.Close()
	time.Sleep(10 * time.Millisecond)
}
