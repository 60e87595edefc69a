// Package main runs net/rpc over a loopback listener and net/rpc/jsonrpc
// over net.Pipe, with concurrent calls, an error reply and gob over TCP.
package main

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/rpc"
	"net/rpc/jsonrpc"
	"sort"
	"sync"
)

type Args struct{ A, B int }

type Arith struct {
	mu    sync.Mutex
	calls int
}

func (t *Arith) Mul(args *Args, reply *int) error {
	t.mu.Lock()
	t.calls++
	t.mu.Unlock()
	*reply = args.A * args.B
	return nil
}

func (t *Arith) Div(args *Args, reply *int) error {
	if args.B == 0 {
		return errors.New("divide by zero")
	}
	*reply = args.A / args.B
	return nil
}

type point struct{ X, Y int }

func main() {
	log.SetOutput(io.Discard) // rpc.Accept logs the closed listener with its port
	srv := rpc.NewServer()
	arith := &Arith{}
	if err := srv.Register(arith); err != nil {
		fmt.Println(err)
		return
	}
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	go srv.Accept(ln)
	client, err := rpc.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	var wg sync.WaitGroup
	results := make([]int, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client.Call("Arith.Mul", &Args{i, 7}, &results[i])
		}()
	}
	wg.Wait()
	sort.Ints(results)
	fmt.Println("products:", results, "calls:", arith.calls)
	var q int
	fmt.Println("div by zero:", client.Call("Arith.Div", &Args{1, 0}, &q))
	fmt.Println("no method:", client.Call("Arith.Pow", &Args{1, 0}, &q))
	client.Close()
	ln.Close()

	// jsonrpc over net.Pipe.
	a, b := net.Pipe()
	go srv.ServeCodec(jsonrpc.NewServerCodec(a))
	jc := jsonrpc.NewClient(b)
	call := jc.Go("Arith.Div", &Args{84, 2}, new(int), nil)
	<-call.Done
	fmt.Println("jsonrpc:", *call.Reply.(*int), call.Error)
	jc.Close()

	// gob over TCP.
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	got := make(chan []point)
	go func() {
		c, _ := ln2.Accept()
		defer c.Close()
		var ps []point
		dec := gob.NewDecoder(c)
		for {
			var p point
			if err := dec.Decode(&p); err != nil {
				break
			}
			ps = append(ps, p)
		}
		got <- ps
	}()
	c, _ := net.Dial("tcp", ln2.Addr().String())
	enc := gob.NewEncoder(c)
	for i := 0; i < 3; i++ {
		enc.Encode(point{i, i * i})
	}
	c.Close()
	fmt.Println("gob:", <-got)
	ln2.Close()
}
