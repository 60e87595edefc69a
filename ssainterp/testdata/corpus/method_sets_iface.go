// Tests method sets: which of T/*T satisfy interfaces, embedding T vs *T, promoted methods through pointers.
package main

import "fmt"

type Getter interface{ Get() string }
type Setter interface{ Set(string) }
type GetSetter interface {
	Getter
	Setter
}

type Val struct{ s string }

func (v Val) Get() string { return "val:" + v.s }

type Ptr struct{ s string }

func (p *Ptr) Get() string  { return "ptr:" + p.s }
func (p *Ptr) Set(s string) { p.s = s }

type EmbedVal struct{ Val }
type EmbedPtr struct{ *Ptr }
type EmbedPtrByValue struct{ Ptr }

func check(name string, v any) {
	_, g := v.(Getter)
	_, s := v.(Setter)
	_, gs := v.(GetSetter)
	fmt.Printf("%-18s Getter=%-5v Setter=%-5v GetSetter=%v\n", name, g, s, gs)
}

func main() {
	check("Val", Val{})
	check("*Val", &Val{})
	check("Ptr", Ptr{})
	check("*Ptr", &Ptr{})
	check("EmbedVal", EmbedVal{})
	check("*EmbedVal", &EmbedVal{})
	check("EmbedPtr", EmbedPtr{&Ptr{}})
	check("*EmbedPtr", &EmbedPtr{&Ptr{}})
	check("EmbedPtrByValue", EmbedPtrByValue{})
	check("*EmbedPtrByValue", &EmbedPtrByValue{})
	ep := EmbedPtr{&Ptr{"x"}}
	var gs GetSetter = ep
	gs.Set("changed through value copy of EmbedPtr")
	fmt.Println(ep.Get())
	ev := &EmbedPtrByValue{}
	var gs2 GetSetter = ev
	gs2.Set("y")
	fmt.Println(ev.Get(), ev.s)
	// addressable values can call pointer methods directly
	var p Ptr
	p.Set("addressable")
	fmt.Println(p.Get())
	arr := [2]Ptr{}
	arr[1].Set("array elem")
	fmt.Println(arr[1].Get())
	// interface holding *Val uses Val's method via auto-deref
	var g Getter = &Val{"deref"}
	fmt.Println(g.Get())
	// nil *Val in interface: calling value method panics
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var nv *Val
		g = nv
		fmt.Println(g.Get())
	}()
}
