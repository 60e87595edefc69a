// Tests close: receive from closed channel yields zero value and ok=false, range ends, recovered close/send panics.
package main

import "fmt"

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "->", r)
			if err, ok := r.(error); ok {
				fmt.Println("  error:", err.Error())
			}
		}
	}()
	f()
	fmt.Println(name, "-> no panic")
}

func main() {
	c := make(chan int, 3)
	c <- 1
	c <- 2
	close(c)
	for i := range 4 {
		v, ok := <-c
		fmt.Println("recv", i, v, ok)
	}
	v := <-c
	fmt.Println("plain recv on closed:", v)
	sc := make(chan *int)
	close(sc)
	p, ok := <-sc
	fmt.Println("pointer zero:", p == nil, ok)
	type S struct {
		A int
		B string
	}
	ss := make(chan S)
	close(ss)
	s, ok := <-ss
	fmt.Printf("struct zero: %+v %v\n", s, ok)
	try("close closed", func() { close(c) })
	try("send on closed", func() { c <- 5 })
	try("close nil", func() { var n chan int; close(n) })
	try("close fresh", func() { close(make(chan int)) })
	// receiving in select from closed channel is always ready
	cnt := 0
	for range 5 {
		select {
		case _, ok := <-c:
			if !ok {
				cnt++
			}
		}
	}
	fmt.Println("closed ready count:", cnt)
	// range over closed unbuffered channel finishes immediately
	n := 0
	for range sc {
		n++
	}
	fmt.Println("ranged:", n)
	// close wakes multiple receivers
	done := make(chan struct{})
	res := make(chan bool, 3)
	for range 3 {
		go func() {
			_, ok := <-done
			res <- ok
		}()
	}
	close(done)
	oks := 0
	for range 3 {
		if <-res {
			oks++
		}
	}
	fmt.Println("receivers woken, ok count:", oks)
	if oks != 0 || cnt != 5 {
		panic("FAIL: close semantics")
	}
}
