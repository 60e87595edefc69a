// Tests type assertions: comma-ok and panicking forms with recovered error messages.
package main

import (
	"fmt"
	"runtime"
)

type I interface{ M() }
type J interface {
	M()
	N()
}
type T struct{}

func (T) M() {}

type U int

func (U) M() {}
func (U) N() {}

func try(name string, f func()) {
	defer func() {
		r := recover()
		if r == nil {
			fmt.Println(name, "ok")
			return
		}
		_, isRT := r.(runtime.Error)
		err, isErr := r.(error)
		fmt.Println(name, "panic runtime.Error:", isRT, "error:", isErr)
		if isErr {
			fmt.Println("  ", err.Error())
		}
	}()
	f()
}

func main() {
	var e any = "hello"
	s, ok := e.(string)
	fmt.Println(s, ok)
	n, ok := e.(int)
	fmt.Println(n, ok)
	var i I = T{}
	j, ok := i.(J)
	fmt.Println(j == nil, ok)
	i = U(5)
	j, ok = i.(J)
	fmt.Println(j, ok)
	try("string to int", func() { _ = e.(int) })
	try("string to string", func() { _ = e.(string) })
	try("T to J", func() { var x I = T{}; _ = x.(J) })
	try("any T to I ok", func() { var x any = T{}; _ = x.(I) })
	try("any int to I", func() { var x any = 42; _ = x.(I) })
	try("nil to int", func() { var x any; _ = x.(int) })
	try("nil to I", func() { var x any; _ = x.(I) })
	try("nil I to T", func() { var x I; _ = x.(T) })
	try("I holding T to U", func() { var x I = T{}; _ = x.(U) })
	try("*T to T", func() { var x any = &T{}; _ = x.(T) })
	try("map to slice", func() { var x any = map[string]int{}; _ = x.([]int) })
	try("struct anon", func() { var x any = struct{ A int }{1}; _ = x.(struct{ B int }) })
	try("named to underlying", func() { var x any = U(1); _ = x.(int) })
	try("func types", func() { var x any = func(int) string { return "" }; _ = x.(func() string) })
	try("chan types", func() { var x any = make(chan int); _ = x.(<-chan int) })
	try("error iface", func() { var x any = 3.5; _ = x.(error) })
	try("Stringer", func() { var x any = []string{}; _ = x.(fmt.Stringer) })
}
