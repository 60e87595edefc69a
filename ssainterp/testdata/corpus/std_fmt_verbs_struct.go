// Tests fmt %v %+v %#v %T on structs, nested structs, pointers to structs, maps, slices, arrays and nils.
package main

import (
	"errors"
	"fmt"
)

type Inner struct {
	N    int
	Tags []string
}

type Outer struct {
	Name  string
	In    Inner
	Ptr   *Inner
	M     map[string]int
	Any   any
	F     float64
	b     bool
	Bytes []byte
}

type Pair[K comparable, V any] struct {
	K K
	V V
}

func main() {
	o := Outer{
		Name:  "outer",
		In:    Inner{1, []string{"a", "b"}},
		Ptr:   nil, // non-nil nested pointers would print as addresses
		M:     map[string]int{"z": 1, "a": 2, "m": 3},
		Any:   Inner{3, []string{}},
		F:     1.5,
		b:     true,
		Bytes: []byte("hi"),
	}
	fmt.Printf("%v\n", o)
	fmt.Printf("%+v\n", o)
	fmt.Printf("%#v\n", o)
	fmt.Printf("%T\n", o)
	p := &o.In
	fmt.Printf("%v %+v\n", p, p)
	fmt.Printf("%#v\n", p)
	var np *Inner
	fmt.Printf("%v %+v %#v\n", np, np, np)
	var z Outer
	fmt.Printf("%v\n%+v\n", z, z)
	fmt.Printf("%#v\n", z)
	fmt.Printf("%v %#v\n", []any{1, "s", nil, 2.5}, []any{1, "s", nil})
	fmt.Printf("%v %#v\n", [2]bool{true}, [2]bool{true})
	fmt.Printf("%v %#v\n", map[int]string{2: "b", 1: "a"}, map[int]string{2: "b", 1: "a"})
	fmt.Printf("%v %#v %T\n", Pair[string, int]{"k", 1}, Pair[string, int]{"k", 1}, Pair[string, int]{})
	fmt.Printf("%v %+v\n", struct{ A, B int }{1, 2}, struct{ A, B int }{1, 2})
	fmt.Printf("%#v\n", struct {
		A int
		B string
	}{1, "x"})
	var e error = errors.New("boom")
	fmt.Printf("%v %+v %q\n", e, e, e)
	var ne error
	fmt.Printf("%v %d %s\n", ne, ne, ne)
	nilFmt := "%v %s\n" // non-constant: deliberate mismatches are not vet errors
	fmt.Printf(nilFmt, nil, nil)
	fmt.Printf("%v %v\n", []*Inner{{1, nil}}[0], [][]int{{1}, {2, 3}, nil})
	pp := &p
	fmt.Printf("%T %T %T %T\n", pp, o.M, o.Any, e)
	fmt.Printf("%s\n", []string{"x", "y"})
	fmt.Printf("%q\n", []string{"x", "y"})
	fmt.Printf("%x\n", Inner{255, []string{"ab"}})
	fmt.Printf("%v\n", map[Inner2]bool{{2, "b"}: true, {1, "z"}: false, {1, "a"}: true})
	dFmt := "%d\n"
	fmt.Printf(dFmt, map[string]int{"b": 2, "a": 1})
	fmt.Printf("%v %v\n", &[]int{1}, &map[string]int{"a": 1})
	fmt.Printf("%v\n", &[2]string{"p", "q"})
	var nm map[string]int
	var ns []int
	fmt.Printf("%v %#v %v %#v\n", nm, nm, ns, ns)
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.0, nil, true))
	fmt.Print("Print:", 1, 2, "x", "\n")
	fmt.Print(1, 2, "\n")
	fmt.Println(fmt.Sprintln("sprintln", 1) == "sprintln 1\n")
}

type Inner2 struct {
	A int
	B string
}
