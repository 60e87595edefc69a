// Tests generic methods calling each other, generic structs holding maps/slices, generic closures,
// constraint interfaces with methods, recursive generic types and type parameters in interfaces.
package main

import (
	"fmt"
	"slices"
	"strconv"
)

type Shower interface{ Show() string }

type Num int

func (n Num) Show() string { return "#" + strconv.Itoa(int(n)) }

type Word string

func (w Word) Show() string { return "'" + string(w) + "'" }

type ShowInt interface {
	~int
	Shower
}

func ShowAll[T Shower](xs []T) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x.Show())
	}
	return out
}

func DoubleShow[T ShowInt](x T) string { return (x * 2).Show() }

type Cache[K comparable, V any] struct {
	data  map[K]V
	order []K
	hits  int
}

func NewCache[K comparable, V any]() *Cache[K, V] {
	return &Cache[K, V]{data: map[K]V{}}
}

func (c *Cache[K, V]) Put(k K, v V) {
	if _, ok := c.data[k]; !ok {
		c.order = append(c.order, k)
	}
	c.data[k] = v
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	v, ok := c.data[k]
	if ok {
		c.hits++
	}
	return v, ok
}

func (c *Cache[K, V]) GetOr(k K, def V) V {
	if v, ok := c.Get(k); ok {
		return v
	}
	c.Put(k, def)
	return def
}

func (c *Cache[K, V]) Keys() []K { return slices.Clone(c.order) }

type Getter[T any] interface{ Get() T }

type box[T any] struct{ v T }

func (b box[T]) Get() T { return b.v }

func Extract[T any](gs ...Getter[T]) []T {
	var out []T
	for _, g := range gs {
		out = append(out, g.Get())
	}
	return out
}

func Memo[K comparable, V any](f func(K) V) (func(K) V, *int) {
	cache := map[K]V{}
	calls := 0
	return func(k K) V {
		if v, ok := cache[k]; ok {
			return v
		}
		calls++
		v := f(k)
		cache[k] = v
		return v
	}, &calls
}

type Num2[T any] struct{ vals []T }

func (n Num2[T]) Apply(f func(T) T) Num2[T] {
	out := Num2[T]{}
	for _, v := range n.vals {
		out.vals = append(out.vals, f(v))
	}
	return out
}

func main() {
	fmt.Println(ShowAll([]Num{1, 2}), ShowAll([]Word{"hi"}), ShowAll([]Shower{Num(3), Word("x")}))
	fmt.Println(DoubleShow(Num(21)))
	c := NewCache[string, []int]()
	c.Put("a", []int{1})
	c.Put("b", nil)
	c.Put("a", []int{1, 2})
	fmt.Println(c.GetOr("a", nil), c.GetOr("z", []int{9}), c.Keys(), c.hits)
	c2 := NewCache[[2]int, map[string]bool]()
	c2.Put([2]int{1, 1}, map[string]bool{"x": true})
	v, ok := c2.Get([2]int{1, 1})
	fmt.Println(v, ok, len(c2.data))
	fmt.Println(Extract[int](box[int]{1}, box[int]{2}), Extract[string](box[string]{"s"}))
	var calls *int
	var fib func(int) int
	fib, calls = Memo(func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	})
	fmt.Println("fib(50):", fib(50), "calls:", *calls)
	if fib(50) != 12586269025 {
		panic("FAIL: memo fib")
	}
	n := Num2[int]{[]int{1, 2, 3}}.Apply(func(i int) int { return i * 10 }).Apply(func(i int) int { return i + 1 })
	fmt.Println(n.vals)
	ns := Num2[string]{[]string{"a"}}.Apply(func(s string) string { return s + s })
	fmt.Println(ns.vals)
	// generic closure inside generic func
	pairUp := func(xs []int) [][2]int {
		return chunk(xs)
	}
	fmt.Println(pairUp([]int{1, 2, 3, 4, 5}))
	fmt.Printf("%T %T\n", c, box[Word]{})
}

func chunk[T any](xs []T) [][2]T {
	var out [][2]T
	emit := func(a, b T) { out = append(out, [2]T{a, b}) }
	for i := 0; i+1 < len(xs); i += 2 {
		emit(xs[i], xs[i+1])
	}
	return out
}
