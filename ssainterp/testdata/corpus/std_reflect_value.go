// Tests reflect.Value: inspection, addressability, setting, slices, maps, conversion, construction and DeepEqual.
package main

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
)

type Point struct {
	X, Y   int
	Label  string
	hidden float64
	Tags   []string
	Next   *Point
}

type MyInt int

type Named interface{ Name() string }

type Dog struct{ N string }

func (d Dog) Name() string { return d.N }

type Node struct {
	V    int
	Next *Node
}

func show(label string, v reflect.Value) {
	if !v.IsValid() {
		fmt.Printf("%s: invalid\n", label)
		return
	}
	fmt.Printf("%s: kind=%v type=%v addr=%v set=%v iface=%v val=%v\n", label, v.Kind(), v.Type(), v.CanAddr(), v.CanSet(), v.CanInterface(), v)
}

func sortedKeys(m reflect.Value) []string {
	var out []string
	for _, k := range m.MapKeys() {
		out = append(out, fmt.Sprint(k.Interface()))
	}
	sort.Strings(out)
	return out
}

func main() {
	// Basics.
	show("int", reflect.ValueOf(42))
	show("string", reflect.ValueOf("hi"))
	show("myint", reflect.ValueOf(MyInt(7)))
	var zero reflect.Value
	show("zero", zero)
	fmt.Println("zero kind:", zero.Kind(), "zero string:", zero.String(), "valueof nil valid:", reflect.ValueOf(nil).IsValid())
	fmt.Println("interface roundtrip:", reflect.ValueOf(3.5).Interface().(float64)+1)
	fmt.Println("int/uint/float/bool/complex:", reflect.ValueOf(int8(-3)).Int(), reflect.ValueOf(uint16(9)).Uint(), reflect.ValueOf(float32(1.5)).Float(), reflect.ValueOf(true).Bool(), reflect.ValueOf(2+3i).Complex())
	fmt.Println("String() of non-strings:", reflect.ValueOf(5).String(), reflect.ValueOf([]int{1}).String(), reflect.ValueOf(Point{}).String())

	// IsNil / IsZero.
	var np *Point
	var ns []int
	var nm map[string]int
	var nf func()
	var ni Named
	for _, c := range []struct {
		n string
		v any
	}{{"nilptr", np}, {"nilslice", ns}, {"nilmap", nm}, {"nilfunc", nf}, {"emptyslice", []int{}}, {"ptr", &Point{}}} {
		fmt.Printf("isnil %s: %v\n", c.n, reflect.ValueOf(c.v).IsNil())
	}
	fmt.Println("isnil nil iface field:", reflect.ValueOf(&ni).Elem().IsNil(), reflect.ValueOf(&ni).Elem().Kind())
	for _, x := range []any{0, 1, "", "a", Point{}, Point{X: 1}, [2]int{}, [2]int{0, 1}, 0.0, math.Copysign(0, -1), ns, []int{}, struct{}{}} {
		fmt.Printf("iszero %#v: %v\n", x, reflect.ValueOf(x).IsZero())
	}

	// Elem through pointers and interfaces, addressability.
	p := Point{X: 1, Y: 2, Label: "p", hidden: 0.5}
	pv := reflect.ValueOf(&p)
	show("ptr", pv)
	e := pv.Elem()
	show("elem", e)
	show("field X", e.Field(0))
	show("field hidden", e.Field(3))
	show("by name Label", e.FieldByName("Label"))
	fmt.Println("hidden float via Float():", e.Field(3).Float())
	show("nonaddr field", reflect.ValueOf(p).Field(1))
	var named Named = Dog{"rex"}
	iv := reflect.ValueOf(&named).Elem()
	show("iface", iv)
	show("iface elem", iv.Elem())
	fmt.Println("indirect:", reflect.Indirect(pv).Type(), reflect.Indirect(reflect.ValueOf(3)).Int())
	fmt.Println("addr roundtrip:", e.Addr().Interface() == any(&p), e.Field(1).Addr().Interface() == any(&p.Y))

	// Set*.
	e.Field(0).SetInt(100)
	e.FieldByName("Y").Set(reflect.ValueOf(200))
	e.FieldByName("Label").SetString("changed")
	e.FieldByName("Tags").Set(reflect.ValueOf([]string{"a", "b"}))
	e.FieldByName("Next").Set(reflect.ValueOf(&Point{X: 9}))
	fmt.Printf("after set next: %+v\n", *p.Next)
	e.FieldByName("Next").SetZero()
	fmt.Println("after setzero next nil:", p.Next == nil)
	fmt.Printf("after set: %+v\n", p)
	var (
		u  uint8
		f  float32
		b  bool
		bs []byte
		c  complex64
		mi MyInt
	)
	reflect.ValueOf(&u).Elem().SetUint(300)
	reflect.ValueOf(&f).Elem().SetFloat(2.75)
	reflect.ValueOf(&b).Elem().SetBool(true)
	reflect.ValueOf(&bs).Elem().SetBytes([]byte("xyz"))
	reflect.ValueOf(&c).Elem().SetComplex(1 - 2i)
	reflect.ValueOf(&mi).Elem().SetInt(-5)
	fmt.Println("set misc:", u, f, b, string(bs), c, mi)
	fmt.Println("overflow:", reflect.ValueOf(u).OverflowUint(256), reflect.ValueOf(int8(0)).OverflowInt(127), reflect.ValueOf(int8(0)).OverflowInt(128))
	iv.Set(reflect.ValueOf(Dog{"fido"}))
	fmt.Println("iface set:", named.Name())

	// Slices, arrays, strings.
	s := []int{10, 20, 30, 40, 50}
	sv := reflect.ValueOf(s)
	fmt.Println("slice len/cap:", sv.Len(), sv.Cap(), "index2:", sv.Index(2), "canset idx:", sv.Index(0).CanSet())
	sv.Index(0).SetInt(11)
	fmt.Println("slice after index set:", s)
	fmt.Println("slice [1:3]:", sv.Slice(1, 3), "cap:", sv.Slice(1, 3).Cap(), "slice3 [1:2:3] cap:", sv.Slice3(1, 2, 3).Cap())
	arr := [4]string{"a", "b", "c", "d"}
	av := reflect.ValueOf(arr)
	fmt.Println("array idx:", av.Index(3), "len:", av.Len(), "addr:", av.Index(0).CanAddr())
	apv := reflect.ValueOf(&arr).Elem()
	apv.Index(1).SetString("B")
	fmt.Println("array via ptr:", arr, "slice of addressable array:", apv.Slice(1, 3))
	strv := reflect.ValueOf("héllo")
	fmt.Println("string index:", strv.Index(1), strv.Index(1).Kind(), "len:", strv.Len(), "slice:", strv.Slice(0, 1))
	ps := reflect.ValueOf(&s).Elem()
	ps.SetLen(3)
	fmt.Println("setlen:", s, len(s), cap(s))
	ps.SetCap(4)
	fmt.Println("setcap:", len(s), cap(s))
	ps.Grow(10)
	fmt.Println("grow: len", len(s), "cap>=13", cap(s) >= 13, s)
	s2 := reflect.Append(reflect.ValueOf([]int{1}), reflect.ValueOf(2), reflect.ValueOf(3))
	s3 := reflect.AppendSlice(s2, reflect.ValueOf([]int{4, 5}))
	fmt.Println("append:", s2, s3, s3.Len())
	dst := reflect.MakeSlice(reflect.TypeOf([]int{}), 3, 8)
	n := reflect.Copy(dst, s3)
	fmt.Println("makeslice+copy:", dst, n, dst.Cap())
	bdst := make([]byte, 3)
	fmt.Println("copy from string:", reflect.Copy(reflect.ValueOf(bdst), reflect.ValueOf("abcdef")), string(bdst))
	sw := []string{"x", "y", "z"}
	swap := reflect.Swapper(sw)
	swap(0, 2)
	fmt.Println("swapper:", sw)

	// Maps.
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	mv := reflect.ValueOf(m)
	fmt.Println("map len:", mv.Len(), "keys:", sortedKeys(mv))
	fmt.Println("mapindex a:", mv.MapIndex(reflect.ValueOf("a")), "missing valid:", mv.MapIndex(reflect.ValueOf("zz")).IsValid())
	mv.SetMapIndex(reflect.ValueOf("d"), reflect.ValueOf(4))
	mv.SetMapIndex(reflect.ValueOf("a"), reflect.Value{})
	fmt.Println("after setmapindex:", m)
	it := mv.MapRange()
	var pairs []string
	sum := 0
	for it.Next() {
		pairs = append(pairs, fmt.Sprintf("%v=%v", it.Key(), it.Value()))
		sum += int(it.Value().Int())
	}
	sort.Strings(pairs)
	fmt.Println("maprange:", strings.Join(pairs, ","), "sum:", sum)
	mm := reflect.MakeMap(reflect.TypeOf(map[MyInt][]string{}))
	mm.SetMapIndex(reflect.ValueOf(MyInt(2)), reflect.ValueOf([]string{"two"}))
	mm.SetMapIndex(reflect.ValueOf(MyInt(1)), reflect.ValueOf([]string{"one", "uno"}))
	fmt.Println("makemap:", mm.Interface(), mm.Len(), sortedKeys(mm))

	// Conversion, comparison, construction.
	fmt.Println("convert int->float:", reflect.ValueOf(7).Convert(reflect.TypeOf(0.0)))
	fmt.Println("convert float->int:", reflect.ValueOf(-7.9).Convert(reflect.TypeOf(0)))
	fmt.Println("convert int->MyInt:", reflect.ValueOf(7).Convert(reflect.TypeOf(MyInt(0))).Type())
	fmt.Println("convert int->string:", reflect.ValueOf(65).Convert(reflect.TypeOf("")))
	fmt.Println("convert string->[]byte:", reflect.ValueOf("hi").Convert(reflect.TypeOf([]byte{})).Bytes())
	fmt.Println("convert int->uint8:", reflect.ValueOf(258).Convert(reflect.TypeOf(uint8(0))))
	fmt.Println("convert Dog->Named:", reflect.ValueOf(Dog{"d"}).Convert(reflect.TypeOf((*Named)(nil)).Elem()).Kind())
	fmt.Println("canconvert:", reflect.ValueOf("x").CanConvert(reflect.TypeOf(0)), reflect.ValueOf([]int{1, 2}).CanConvert(reflect.TypeOf([2]int{})), reflect.ValueOf([]int{1}).CanConvert(reflect.TypeOf([2]int{})))
	fmt.Println("equal:", reflect.ValueOf(3).Equal(reflect.ValueOf(3)), reflect.ValueOf(3).Equal(reflect.ValueOf(MyInt(3))), reflect.ValueOf(Point{X: 1}).Comparable(), reflect.ValueOf([]int{}).Comparable())
	var a1 any = 1
	fmt.Println("comparable iface holding int, any elem holding slice:", reflect.ValueOf(&a1).Elem().Comparable(), reflect.ValueOf([]any{[]int{}}).Index(0).Comparable())
	nv := reflect.New(reflect.TypeOf(Point{}))
	nv.Elem().FieldByName("X").SetInt(5)
	fmt.Printf("new: %v %+v\n", nv.Type(), nv.Elem().Interface())
	zv := reflect.Zero(reflect.TypeOf(Point{}))
	fmt.Println("zero point:", zv.CanSet(), zv.IsZero(), zv.Field(4).IsNil())
	pi := reflect.ValueOf(&p)
	fmt.Println("pointer eq:", pi.Pointer() == reflect.ValueOf(&p).Pointer(), pi.Pointer() == reflect.ValueOf(&Point{}).Pointer(), pi.UnsafePointer() == reflect.ValueOf(&p).UnsafePointer())
	sl := []int{1, 2, 3}
	fmt.Println("slice pointer eq:", reflect.ValueOf(sl).Pointer() == reflect.ValueOf(sl[:1]).Pointer(), reflect.ValueOf(sl).Pointer() == reflect.ValueOf(sl[1:]).Pointer())
	if x, ok := reflect.TypeAssert[int](reflect.ValueOf(9)); ok {
		fmt.Println("typeassert int:", x)
	}
	_, ok := reflect.TypeAssert[string](reflect.ValueOf(9))
	fmt.Println("typeassert string ok:", ok)
	nn, ok := reflect.TypeAssert[Named](reflect.ValueOf(Dog{"t"}))
	fmt.Println("typeassert Named:", nn.Name(), ok)

	// DeepEqual.
	nan := math.NaN()
	c1 := &Node{V: 1}
	c1.Next = c1
	c2 := &Node{V: 1}
	c2.Next = c2
	c3 := &Node{V: 2}
	c3.Next = c3
	fmt.Println("deepequal slices:", reflect.DeepEqual([]int{1, 2}, []int{1, 2}), reflect.DeepEqual([]int{}, []int(nil)), reflect.DeepEqual([]int(nil), []int(nil)))
	fmt.Println("deepequal maps:", reflect.DeepEqual(map[string][]int{"a": {1}}, map[string][]int{"a": {1}}), reflect.DeepEqual(map[int]int{1: 1}, map[int]int{1: 2}))
	fmt.Println("deepequal ptrs:", reflect.DeepEqual(&Point{X: 1}, &Point{X: 1}), reflect.DeepEqual(&Point{X: 1}, &Point{X: 2}))
	fmt.Println("deepequal cycles:", reflect.DeepEqual(c1, c2), reflect.DeepEqual(c1, c3))
	fmt.Println("deepequal NaN:", reflect.DeepEqual(nan, nan), reflect.DeepEqual([]float64{nan}, []float64{nan}), reflect.DeepEqual(map[float64]int{nan: 1}, map[float64]int{nan: 1}))
	nanSlice := []float64{nan}
	fmt.Println("deepequal same NaN slice:", reflect.DeepEqual(nanSlice, nanSlice))
	fmt.Println("deepequal types:", reflect.DeepEqual(1, MyInt(1)), reflect.DeepEqual(any(nil), nil), reflect.DeepEqual([]any{1, "a"}, []any{1, "a"}))
	fmt.Println("deepequal funcs:", reflect.DeepEqual(func() {}, func() {}), reflect.DeepEqual((func())(nil), (func())(nil)))
	fmt.Printf("fmt value: %v %v %q %+v\n", reflect.ValueOf(42), reflect.ValueOf([]any{1, "a", nil}), reflect.ValueOf("q"), reflect.ValueOf(Point{X: 3}))

	if p.X != 100 || p.Y != 200 || p.Label != "changed" || u != 44 || m["d"] != 4 {
		panic("FAIL: reflect set")
	}
	if !reflect.DeepEqual(c1, c2) || reflect.DeepEqual(nan, nan) || s3.Len() != 5 {
		panic("FAIL: reflect deepequal")
	}
}
