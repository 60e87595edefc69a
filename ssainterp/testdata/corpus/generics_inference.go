// Tests generic type inference: from arguments, untyped constants, function arguments, return-type-free calls,
// core types, and instantiation of generic functions as values.
package main

import (
	"fmt"
	"slices"
	"strconv"
)

func First[S ~[]E, E any](s S) (E, bool) {
	var zero E
	if len(s) == 0 {
		return zero, false
	}
	return s[0], true
}

func Apply[T, R any](v T, f func(T) R) R { return f(v) }

func Pair[A, B any](a A, b B) struct {
	A A
	B B
} {
	return struct {
		A A
		B B
	}{a, b}
}

func Sum[T int | float64](xs ...T) (s T) {
	for _, x := range xs {
		s += x
	}
	return
}

type Names []string

func Clip[S ~[]E, E any](s S, n int) S {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func Convert[From, To any](xs []From, f func(From) To) []To {
	out := make([]To, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func main() {
	v, ok := First([]string{"x", "y"})
	fmt.Println(v, ok)
	n, ok := First(Names{})
	fmt.Printf("%q %v\n", n, ok)
	fmt.Println(Apply(21, func(i int) string { return strconv.Itoa(i * 2) }))
	fmt.Println(Apply("abc", func(s string) int { return len(s) }))
	fmt.Printf("%+v\n", Pair(1, "one"))
	fmt.Printf("%T\n", Pair(2.5, []int{}))
	fmt.Println(Sum(1, 2, 3), Sum(1.5, 2), Sum[float64](1, 2))
	clipped := Clip(Names{"a", "b", "c"}, 2)
	fmt.Printf("%T %v\n", clipped, clipped)
	strs := Convert([]int{1, 2, 3}, strconv.Itoa)
	fmt.Printf("%T %q\n", strs, strs)
	lens := Convert(strs, func(s string) int { return len(s) })
	fmt.Println(lens)
	idx := slices.Index[[]int]
	fmt.Println(idx([]int{5, 6, 7}, 7))
	contains := slices.Contains[[]string]
	fmt.Println(contains([]string{"a"}, "a"))
	sorter := slices.Sort[Names]
	ns := Names{"c", "a", "b"}
	sorter(ns)
	fmt.Println(ns)
	var fn func([]float64) (float64, bool) = First[[]float64]
	fmt.Println(fn([]float64{3.5}))
	if Sum(1, 2, 3) != 6 {
		panic("FAIL: inference")
	}
}
