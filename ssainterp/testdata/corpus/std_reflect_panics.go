// Tests reflect panics and their exact messages, recovered one by one, ending with an unrecovered reflect panic (exit status 2).
package main

import (
	"fmt"
	"reflect"
)

type T struct {
	Pub  int
	priv int
	Emb  struct{ inner string }
}

func (T) M(a int) int { return a }

type I interface{ M(int) int }

var caught int

func try(label string, f func()) {
	defer func() {
		r := recover()
		if r != nil {
			caught++
		}
		fmt.Print(label, ": ")
		fmt.Println(r)
		if ve, ok := r.(*reflect.ValueError); ok {
			fmt.Printf("  %s: ValueError method=%s kind=%v\n", label, ve.Method, ve.Kind)
		}
	}()
	f()
}

func main() {
	t := T{Pub: 1, priv: 2}
	pt := reflect.ValueOf(&t).Elem()
	try("elem on int", func() { reflect.ValueOf(42).Elem() })
	try("int on string", func() { reflect.ValueOf("s").Int() })
	try("uint on int", func() { reflect.ValueOf(1).Uint() })
	try("float on bool", func() { reflect.ValueOf(true).Float() })
	try("bool on int", func() { reflect.ValueOf(1).Bool() })
	try("len on int", func() { reflect.ValueOf(1).Len() })
	try("isnil on int", func() { reflect.ValueOf(1).IsNil() })
	try("numfield on slice", func() { reflect.ValueOf([]int{}).NumField() })
	try("maprange on slice", func() { reflect.ValueOf([]int{}).MapRange() })
	try("set unaddressable", func() { reflect.ValueOf(5).Set(reflect.ValueOf(6)) })
	try("setint unaddressable", func() { reflect.ValueOf(t).Field(0).SetInt(3) })
	try("setint unexported", func() { pt.Field(1).SetInt(3) })
	try("setstring via unexported nested", func() { pt.Field(2).Field(0).SetString("x") })
	try("setint wrong kind", func() { pt.Field(0).SetString("x") })
	try("interface unexported", func() { pt.Field(1).Interface() })
	try("interface unexported via FieldByName", func() { pt.FieldByName("priv").Interface() })
	try("field out of range", func() { pt.Field(3) })
	try("field on non-struct", func() { reflect.ValueOf(1).Field(0) })
	try("type field out of range", func() { reflect.TypeOf(t).Field(5) })
	try("index out of range slice", func() { reflect.ValueOf([]int{1, 2}).Index(2) })
	try("index out of range array", func() { reflect.ValueOf([2]int{}).Index(-1) })
	try("index out of range string", func() { reflect.ValueOf("ab").Index(5) })
	try("slice out of range", func() { reflect.ValueOf([]int{1, 2}).Slice(1, 5) })
	try("slice3 unaddressable array", func() { reflect.ValueOf([3]int{}).Slice3(0, 1, 2) })
	try("type on zero value", func() { reflect.Value{}.Type() })
	try("kind-specific on zero value", func() { reflect.Value{}.Int() })
	try("interface on zero value", func() { reflect.Value{}.Interface() })
	try("call wrong arg count", func() { reflect.ValueOf(t.M).Call(nil) })
	try("call too many args", func() {
		reflect.ValueOf(t.M).Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2)})
	})
	try("call wrong arg type", func() { reflect.ValueOf(t.M).Call([]reflect.Value{reflect.ValueOf("x")}) })
	try("call non-func", func() { reflect.ValueOf(3).Call(nil) })
	try("call nil func", func() { reflect.ValueOf((func())(nil)).Call(nil) })
	try("callslice non-variadic", func() { reflect.ValueOf(t.M).CallSlice([]reflect.Value{reflect.ValueOf(1)}) })
	try("method out of range", func() { reflect.ValueOf(t).Method(3) })
	try("set non-assignable", func() { pt.Field(0).Set(reflect.ValueOf("str")) })
	try("set int into int64", func() {
		var x int64
		reflect.ValueOf(&x).Elem().Set(reflect.ValueOf(1))
	})
	try("set non-implementing iface", func() {
		var i I
		reflect.ValueOf(&i).Elem().Set(reflect.ValueOf(7))
	})
	try("makeslice len > cap", func() { reflect.MakeSlice(reflect.TypeOf([]int{}), 5, 2) })
	try("makeslice negative len", func() { reflect.MakeSlice(reflect.TypeOf([]int{}), -1, 2) })
	try("makeslice non-slice", func() { reflect.MakeSlice(reflect.TypeOf(0), 1, 1) })
	try("makemap non-map", func() { reflect.MakeMap(reflect.TypeOf([]int{})) })
	try("zero Value String does not panic", func() { fmt.Println("string:", reflect.Value{}.String()) })
	try("nil map SetMapIndex", func() {
		var m map[string]int
		reflect.ValueOf(m).SetMapIndex(reflect.ValueOf("k"), reflect.ValueOf(1))
	})
	try("SetMapIndex wrong key type", func() {
		reflect.ValueOf(map[string]int{}).SetMapIndex(reflect.ValueOf(1), reflect.ValueOf(1))
	})
	try("MapIndex on slice", func() { reflect.ValueOf([]int{}).MapIndex(reflect.ValueOf(0)) })
	try("convert impossible", func() { reflect.ValueOf("x").Convert(reflect.TypeOf(0)) })
	try("convert slice to short array", func() { reflect.ValueOf([]int{1}).Convert(reflect.TypeOf([3]int{})) })
	try("SetLen beyond cap", func() {
		s := make([]int, 1, 2)
		reflect.ValueOf(&s).Elem().SetLen(3)
	})
	try("elem on nil pointer is zero", func() {
		fmt.Println("nil ptr elem valid:", reflect.ValueOf((*int)(nil)).Elem().IsValid())
	})
	try("addr unaddressable", func() { reflect.ValueOf(1).Addr() })
	try("type Elem on int", func() { reflect.TypeOf(1).Elem() })
	try("type Key on slice", func() { reflect.TypeOf([]int{}).Key() })
	try("type Len on slice", func() { reflect.TypeOf([]int{}).Len() })
	try("type In on int", func() { reflect.TypeOf(1).In(0) })
	try("type Implements non-interface", func() { reflect.TypeOf(1).Implements(reflect.TypeOf(2)) })
	try("type Bits on string", func() { reflect.TypeOf("").Bits() })
	try("ArrayOf negative", func() { reflect.ArrayOf(-1, reflect.TypeOf(0)) })
	try("MapOf invalid key", func() { reflect.MapOf(reflect.TypeOf([]int{}), reflect.TypeOf(0)) })
	try("New nil type", func() { reflect.New(nil) })
	try("Zero nil type", func() { reflect.Zero(nil) })
	try("Copy to non-slice", func() { reflect.Copy(reflect.ValueOf(1), reflect.ValueOf([]int{})) })
	try("no panic", func() { reflect.ValueOf(1).Int() })

	fmt.Println("caught:", caught)
	if caught != 59 {
		panic("FAIL: unexpected number of recovered reflect panics")
	}
	fmt.Println("now an unrecovered reflect panic")
	reflect.ValueOf(42).Elem()
	fmt.Println("unreachable")
}
