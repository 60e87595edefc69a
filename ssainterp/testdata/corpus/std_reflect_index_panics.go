// Tests the panics of reflect's indexed accessors out of range (Type.In, Out, Field, Method, FieldByIndex; Value.Field, Method, Index, FieldByIndex) and of kind mismatches: Go's own values, a runtime index error for In and Out, a string otherwise, and no panic for an interface type's Method.
package main

import (
	"fmt"
	"reflect"
	"runtime"
)

type T struct{ A, B int }

func (T) M()            {}
func (*T) P(x int) bool { return x > 0 }

type I interface{ M() }

// try runs f and prints what it panicked with: its value, and whether it
// is a string, a runtime.Error or a *reflect.ValueError.
func try(label string, f func()) {
	defer func() {
		r := recover()
		kind := "no panic"
		switch r.(type) {
		case string:
			kind = "string"
		case runtime.Error:
			kind = "runtime.Error"
		case *reflect.ValueError:
			kind = "*reflect.ValueError"
		case nil:
		default:
			kind = "other"
		}
		fmt.Printf("%s: %s: %v\n", label, kind, r)
	}()
	f()
}

func main() {
	ft := reflect.TypeOf(func(int, string) error { return nil })
	try("In(1)", func() { fmt.Println(ft.In(1)) })
	try("In(2)", func() { ft.In(2) })
	try("In(-1)", func() { ft.In(-1) })
	try("Out(0)", func() { fmt.Println(ft.Out(0)) })
	try("Out(1)", func() { ft.Out(1) })
	try("Out(-1)", func() { ft.Out(-1) })
	try("In of non-func", func() { reflect.TypeOf(1).In(0) })
	try("Out of non-func", func() { reflect.TypeOf(1).Out(0) })
	try("NumIn of non-func", func() { reflect.TypeOf(T{}).NumIn() })
	try("NumOut of non-func", func() { reflect.TypeOf(T{}).NumOut() })
	try("IsVariadic of non-func", func() { reflect.TypeOf(T{}).IsVariadic() })
	try("NumField of non-struct", func() { ft.NumField() })
	try("Field of non-struct", func() { ft.Field(0) })

	tt := reflect.TypeOf(T{})
	try("Type.Field(2)", func() { tt.Field(2) })
	try("Type.Field(-1)", func() { tt.Field(-1) })
	try("Type.FieldByIndex([3])", func() { tt.FieldByIndex([]int{3}) })
	try("Type.Method(1)", func() { tt.Method(1) })
	try("Type.Method(-1)", func() { tt.Method(-1) })
	try("pointer Type.Method(2)", func() { reflect.TypeOf(&T{}).Method(2) })
	try("interface Type.Method(1)", func() {
		m := reflect.TypeOf((*I)(nil)).Elem().Method(1)
		fmt.Printf("%q %v %d\n", m.Name, m.Type, m.Index)
	})

	v := reflect.ValueOf(T{})
	try("Value.Field(2)", func() { v.Field(2) })
	try("Value.Field(-1)", func() { v.Field(-1) })
	try("Value.FieldByIndex([5])", func() { v.FieldByIndex([]int{5}) })
	try("Value.FieldByIndex([0 1])", func() { v.FieldByIndex([]int{0, 1}) })
	try("Value.Method(1)", func() { v.Method(1) })
	try("Value.Method(-1)", func() { v.Method(-1) })
	try("pointer Value.Method(2)", func() { reflect.ValueOf(&T{}).Method(2) })
	try("Value.Index of slice", func() { reflect.ValueOf([]int{1}).Index(1) })
	try("Value.Index of array", func() { reflect.ValueOf([1]int{}).Index(-1) })
	try("Value.Index of string", func() { reflect.ValueOf("x").Index(1) })
	try("Value.Index of map", func() { reflect.ValueOf(map[int]int{}).Index(0) })
}
