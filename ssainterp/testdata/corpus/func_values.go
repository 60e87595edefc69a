// Tests function values: nil funcs, maps/slices of funcs, func types with methods, higher-order and recursion via values.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Op func(a, b int) int

func (o Op) Apply(a, b int) int { return o(a, b) }
func (o Op) Twice() Op          { return func(a, b int) int { return o(o(a, b), b) } }

type Visitor interface{ Visit(int) }
type VisitFunc func(int)

func (f VisitFunc) Visit(n int) { f(n) }

func walk(ns []int, v Visitor) {
	for _, n := range ns {
		v.Visit(n)
	}
}

func apply(fs []func(string) string, s string) string {
	for _, f := range fs {
		s = f(s)
	}
	return s
}

func main() {
	ops := map[string]Op{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
		"mul": func(a, b int) int { return a * b },
		"pow": func(a, b int) int {
			r := 1
			for range b {
				r *= a
			}
			return r
		},
	}
	names := make([]string, 0, len(ops))
	for k := range ops {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("%s(7,3)=%d twice=%d\n", n, ops[n](7, 3), ops[n].Twice().Apply(7, 3))
	}
	var nilOp Op
	fmt.Println("nil op is nil:", nilOp == nil, ops["missing"] == nil)
	sum := 0
	walk([]int{1, 2, 3}, VisitFunc(func(n int) { sum += n * n }))
	fmt.Println("visitor sum:", sum)
	fmt.Println(apply([]func(string) string{strings.TrimSpace, strings.ToUpper, func(s string) string { return s + "!" }}, "  hi  "))
	var f func() int
	func() {
		defer func() { fmt.Println("calling nil func:", recover()) }()
		f()
	}()
	counter := func() func() int {
		c := 0
		return func() int { c++; return c }
	}()
	f = counter
	f()
	f()
	fmt.Println("func var reassigned:", f())
	type handler struct {
		name string
		fn   func(int) bool
	}
	hs := []handler{{"even", func(n int) bool { return n%2 == 0 }}, {"big", func(n int) bool { return n > 5 }}}
	for _, n := range []int{2, 7, 8} {
		var matched []string
		for _, h := range hs {
			if h.fn(n) {
				matched = append(matched, h.name)
			}
		}
		fmt.Println(n, matched)
	}
	fmt.Printf("%T %T\n", ops["add"], strings.ToUpper)
	if sum != 14 {
		panic("FAIL: visitor")
	}
}
