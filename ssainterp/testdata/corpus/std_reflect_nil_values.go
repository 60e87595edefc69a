// Tests reflect over nil maps, pointers, slices, channels, funcs and interfaces: what each Value method returns, and the panics of the ones Go refuses, recovered.
package main

import (
	"fmt"
	"reflect"
)

func try(label string, f func()) {
	defer func() { fmt.Println(label, recover()) }()
	f()
}

func main() {
	var nm map[string]int
	v := reflect.ValueOf(nm)
	try("mapindex nil", func() { fmt.Println(v.MapIndex(reflect.ValueOf("a")).IsValid()) })
	try("mapkeys nil", func() { fmt.Println(len(v.MapKeys())) })
	try("len nil", func() { fmt.Println(v.Len()) })
	try("range nil", func() { it := v.MapRange(); fmt.Println(it.Next()) })
	try("delete nil", func() { v.SetMapIndex(reflect.ValueOf("a"), reflect.Value{}) })
	try("clear nil", func() { v.Clear() })
	try("set nil", func() { v.SetMapIndex(reflect.ValueOf("a"), reflect.ValueOf(1)) })
	var np *int
	try("elem nil", func() { fmt.Println(reflect.ValueOf(np).Elem().IsValid()) })
	try("indirect nil", func() { fmt.Println(reflect.Indirect(reflect.ValueOf(np)).IsValid()) })
	var ns []int
	try("slice nil", func() { fmt.Println(reflect.ValueOf(ns).Slice(0, 0).IsNil()) })
	try("pointer nil slice", func() { fmt.Println(reflect.ValueOf(ns).Pointer()) })
	var nc chan int
	try("chan nil len", func() { fmt.Println(reflect.ValueOf(nc).Len()) })
	var nf func()
	try("call nil func", func() { reflect.ValueOf(nf).Call(nil) })
	var ni fmt.Stringer
	try("method nil iface", func() { reflect.ValueOf(&ni).Elem().Method(0) })
	try("numMethod nil iface", func() { fmt.Println(reflect.ValueOf(&ni).Elem().NumMethod()) })
	try("deepequal nil maps", func() { fmt.Println(reflect.DeepEqual(nm, map[string]int{})) })
	try("iszero nil map", func() { fmt.Println(v.IsZero()) })
	try("append nil", func() { fmt.Println(reflect.Append(reflect.ValueOf(ns), reflect.ValueOf(1)).Len()) })
}
