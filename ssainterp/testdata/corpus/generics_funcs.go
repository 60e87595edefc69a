// Tests generic functions with type inference, constraints with ~ and unions, multiple instantiations.
package main

import (
	"cmp"
	"fmt"
	"strings"
)

type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~float32 | ~float64
}

type Celsius float64
type ID int8

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, pred func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if pred(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func MaxOf[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

func Index[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

type Stringish interface{ ~string }

func Join[S Stringish](xs []S, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = string(x)
	}
	return strings.Join(parts, sep)
}

type Name string

func Zero[T any]() T {
	var z T
	return z
}

func Ptr[T any](v T) *T { return &v }

func main() {
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2.25), Sum[int8](100, 27, 1), Sum(Celsius(1.5), Celsius(2)), Sum(ID(100), ID(100)))
	fmt.Printf("%T %T\n", Sum(Celsius(1)), Sum[uint8]())
	sq := Map([]int{1, 2, 3}, func(i int) int { return i * i })
	strs := Map(sq, func(i int) string { return fmt.Sprintf("<%d>", i) })
	fmt.Println(sq, strs)
	ev := Filter([]int{1, 2, 3, 4, 5, 6}, func(i int) bool { return i%2 == 0 })
	fmt.Println(ev)
	total := Reduce([]string{"a", "bb", "ccc"}, 0, func(a int, s string) int { return a + len(s) })
	fmt.Println("reduce:", total)
	fmt.Println(MaxOf(3, 9, 2), MaxOf("b", "abc", "z"), MaxOf(1.5, -2.0))
	fmt.Println(Index([]string{"x", "y"}, "y"), Index([]float64{1, 2}, 3))
	type pt struct{ X, Y int }
	fmt.Println(Index([]pt{{1, 2}, {3, 4}}, pt{3, 4}))
	fmt.Println(Keys(map[string]bool{"a": true}), Keys(map[int][]int{}))
	fmt.Println(Join([]Name{"ann", "bob"}, "+"), Join([]string{"x"}, ","))
	fmt.Printf("%q %v %v %v\n", Zero[string](), Zero[int](), Zero[*int]() == nil, Zero[[]int]() == nil)
	p := Ptr(42)
	*p++
	fmt.Println(*p, *Ptr("s"))
	if Sum[int8](100, 27, 1) != -128 {
		panic("FAIL: int8 generic overflow")
	}
	// explicit partial instantiation
	f := Map[int, float64]
	fmt.Println(f([]int{1, 2}, func(i int) float64 { return float64(i) / 4 }))
}
