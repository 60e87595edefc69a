// Tests struct comparison, anonymous structs, struct copies, nested structs and zero values.
package main

import "fmt"

type Inner struct {
	A int
	B string
}

type Outer struct {
	In  Inner
	Arr [2]float64
	P   *int
	I   any
}

func main() {
	x := 5
	o1 := Outer{Inner{1, "a"}, [2]float64{1, 2}, &x, "iface"}
	o2 := o1
	fmt.Println("copy equal:", o1 == o2)
	o2.In.B = "b"
	fmt.Println("after change:", o1 == o2, o1.In.B, o2.In.B)
	o2 = o1
	y := 5
	o2.P = &y
	fmt.Println("different pointers:", o1 == o2)
	o2.P = o1.P
	o2.I = 3
	fmt.Println("different iface dyn type:", o1 == o2)
	var zero Outer
	fmt.Printf("zero: %+v, is zero: %v\n", zero, zero == Outer{})
	anon := struct {
		X, Y int
		Name string
	}{1, 2, "pt"}
	fmt.Printf("%v %+v\n", anon, anon)
	anon2 := struct {
		X, Y int
		Name string
	}{1, 2, "pt"}
	fmt.Println("anon equal:", anon == anon2)
	type Named struct {
		X, Y int
		Name string
	}
	n := Named(anon)
	fmt.Printf("converted: %+v %T\n", n, n)
	list := []struct {
		K string
		V int
	}{{"a", 1}, {"b", 2}, {"c", 3}}
	sum := 0
	for _, e := range list {
		sum += e.V
		e.V = 100 // modifies copy
	}
	fmt.Println("sum:", sum, "list[0].V:", list[0].V)
	for i := range list {
		list[i].V *= 10
	}
	fmt.Println(list)
	// struct with embedded array of structs
	type Poly struct{ Pts [3]Inner }
	p1 := Poly{[3]Inner{{1, "x"}, {2, "y"}, {3, "z"}}}
	p2 := p1
	p2.Pts[2].A = 30
	fmt.Println(p1 == p2, p1.Pts[2].A, p2.Pts[2].A)
	if o1 != o1 {
		panic("FAIL: self compare")
	}
	// empty struct
	type E struct{}
	fmt.Println("empty structs equal:", E{} == E{}, fmt.Sprint(E{}))
	// map of struct values
	ms := map[string]Inner{"k": {1, "v"}}
	v := ms["k"]
	v.A = 50
	fmt.Println(ms["k"].A, v.A)
	// struct blank fields
	type WithBlank struct {
		A int
		_ int
		B int
	}
	wb := WithBlank{A: 1, B: 2}
	fmt.Printf("%+v\n", wb)
}
