// Tests generic constraints: pointer-method constraints (PT interface{*T; M()}), method+type-set constraints,
// comparable with interfaces, type switch on type parameters, and generic type aliases.
package main

import (
	"fmt"
	"strconv"
)

type Resetter[T any] interface {
	*T
	Reset()
	Set(string)
}

type Counter struct{ n int }

func (c *Counter) Reset()       { c.n = 0 }
func (c *Counter) Set(s string) { c.n, _ = strconv.Atoi(s) }

type Label struct{ text string }

func (l *Label) Reset()       { l.text = "" }
func (l *Label) Set(s string) { l.text = "[" + s + "]" }

func MakeAll[T any, PT Resetter[T]](inputs []string) []T {
	out := make([]T, len(inputs))
	for i, in := range inputs {
		p := PT(&out[i])
		p.Reset()
		p.Set(in)
	}
	return out
}

type IntStringer interface {
	~int | ~int64
	String() string
}

type Code int

func (c Code) String() string { return "C" + strconv.Itoa(int(c)) }

func Describe[T IntStringer](xs []T) (sum T, names []string) {
	for _, x := range xs {
		sum += x
		names = append(names, x.String())
	}
	return
}

func Kind[T any](v T) string {
	switch any(v).(type) {
	case int:
		return "int"
	case string:
		return "string"
	case []T:
		return "slice of T"
	case fmt.Stringer:
		return "stringer"
	}
	return fmt.Sprintf("other(%T)", v)
}

func Equal[T comparable](a, b T) bool { return a == b }

type Set[T comparable] = map[T]struct{}

type List[T any] = []T

func Keys[T comparable](s Set[T]) int { return len(s) }

func main() {
	cs := MakeAll[Counter]([]string{"1", "22", "x"})
	fmt.Println(cs)
	ls := MakeAll[Label]([]string{"a", "b"})
	fmt.Println(ls)
	sum, names := Describe([]Code{1, 2, 3})
	fmt.Println(sum, names)
	fmt.Println(Kind(1), Kind("s"), Kind(Code(1)), Kind(2.5), Kind([]int{}))
	fmt.Println(Equal(1, 1), Equal("a", "b"), Equal[any](1, 1), Equal[any](1, "1"))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		fmt.Println(Equal[any]([]int{}, []int{}))
	}()
	s := Set[string]{"a": {}, "b": {}}
	fmt.Println(Keys(s))
	var l List[int] = []int{1, 2}
	fmt.Printf("%T %v\n", l, l)
	if sum != 6 || cs[1].n != 22 {
		panic("FAIL: constraints")
	}
}
