// Package main calls net/rpc methods that block on a channel and a
// mutex held by another call, and reflect.Value.Call handlers that
// block, as event buses do.
package main

import (
	"fmt"
	"net"
	"net/rpc"
	"reflect"
	"sort"
	"sync"
)

type Gate struct {
	mu     sync.Mutex
	opened chan struct{}
	order  []string
}

func (g *Gate) Wait(name string, reply *string) error {
	<-g.opened // blocks until Open is called
	g.mu.Lock()
	g.order = append(g.order, name)
	g.mu.Unlock()
	*reply = "passed " + name
	return nil
}

func (g *Gate) Open(_ int, reply *bool) error {
	close(g.opened)
	*reply = true
	return nil
}

func main() {
	srv := rpc.NewServer()
	g := &Gate{opened: make(chan struct{})}
	srv.Register(g)
	a, b := net.Pipe()
	go srv.ServeConn(a)
	c := rpc.NewClient(b)
	var wg sync.WaitGroup
	replies := make([]string, 2)
	for i, n := range []string{"x", "y"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Call("Gate.Wait", n, &replies[i])
		}()
	}
	var ok bool
	fmt.Println(c.Call("Gate.Open", 0, &ok), ok)
	wg.Wait()
	sort.Strings(replies)
	fmt.Println(replies)
	c.Close()

	// A handler called through reflect that waits for a value.
	ch := make(chan int)
	handler := func(k int) string { return fmt.Sprint("got ", <-ch+k) }
	go func() { ch <- 40 }()
	out := reflect.ValueOf(handler).Call([]reflect.Value{reflect.ValueOf(2)})
	fmt.Println(out[0].String())
	m := reflect.ValueOf(g).MethodByName("Wait")
	var r string
	res := m.Call([]reflect.Value{reflect.ValueOf("z"), reflect.ValueOf(&r)})
	fmt.Println(res[0].IsNil(), r)
}
