// Tests recovered nil dereference panics in many forms: field, method, array pointer, func call, map in struct.
package main

import (
	"fmt"
	"runtime"
)

type T struct {
	A   int
	Arr [3]int
}

func (t *T) Get() int { return t.A }
func (t T) Val() int  { return t.A }

type I interface{ Get() int }

func try(name string, f func()) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if e, ok := r.(runtime.Error); ok {
			fmt.Println(name+":", e.Error())
		} else {
			fmt.Println(name+": value", r)
		}
	}()
	f()
	fmt.Println(name + ": no panic")
}

func main() {
	var p *T
	var ap *[4]int
	var fn func() int
	var iface I
	var pp **T
	try("field read", func() { _ = p.A })
	try("field write", func() { p.A = 1 })
	try("array field", func() { _ = p.Arr[1] })
	try("ptr method recovered inside", func() {
		defer func() { fmt.Println("  inner recover:", recover()) }()
		_ = p.Get()
	})
	try("value method via nil ptr", func() { _ = p.Val() })
	try("array ptr index", func() { _ = ap[2] })
	try("array ptr len ok", func() { _ = len(ap) })
	try("array ptr range ok", func() {
		for i := range ap {
			_ = i
		}
	})
	try("array ptr range values", func() {
		for _, v := range ap {
			_ = v
		}
	})
	try("nil func call", func() { fn() })
	try("nil interface method", func() { iface.Get() })
	try("double pointer", func() { _ = (*pp).A })
	try("deref int ptr", func() { var ip *int; *ip = 5 })
	try("copy from nil array ptr", func() { var x [4]int = *ap; _ = x })
	try("slice of nil array ptr", func() { _ = ap[:] })
}
