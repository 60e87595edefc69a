// Tests generic types with methods: stack, linked list, generic map-backed set, pair, instantiation per type.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}
func (s Stack[T]) Len() int { return len(s.items) }

type List[T any] struct {
	head *node[T]
	size int
}

type node[T any] struct {
	val  T
	next *node[T]
}

func (l *List[T]) Prepend(v T) {
	l.head = &node[T]{v, l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for n := l.head; n != nil; n = n.next {
		f(n.val)
	}
}

type Set[T comparable] struct{ m map[T]struct{} }

func NewSet[T comparable](xs ...T) *Set[T] {
	s := &Set[T]{m: make(map[T]struct{})}
	for _, x := range xs {
		s.Add(x)
	}
	return s
}
func (s *Set[T]) Add(v T)      { s.m[v] = struct{}{} }
func (s *Set[T]) Has(v T) bool { _, ok := s.m[v]; return ok }
func (s *Set[T]) Len() int     { return len(s.m) }
func (s *Set[T]) Union(o *Set[T]) *Set[T] {
	r := NewSet[T]()
	for k := range s.m {
		r.Add(k)
	}
	for k := range o.m {
		r.Add(k)
	}
	return r
}

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=>%v", p.Key, p.Val) }

type Tree[T interface{ ~int | ~string }] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T) *Tree[T] {
	if t == nil {
		return &Tree[T]{Val: v}
	}
	if v < t.Val {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
}

func (t *Tree[T]) Walk(visit func(T)) {
	if t == nil {
		return
	}
	t.Left.Walk(visit)
	visit(t.Val)
	t.Right.Walk(visit)
}

func main() {
	var s Stack[string]
	for _, w := range strings.Fields("a b c d") {
		s.Push(w)
	}
	fmt.Println("len:", s.Len())
	for {
		v, ok := s.Pop()
		if !ok {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
	is := &Stack[int]{}
	is.Push(1)
	v, _ := is.Pop()
	_, ok := is.Pop()
	fmt.Println(v, ok)
	var l List[float64]
	for i := range 4 {
		l.Prepend(float64(i) / 2)
	}
	l.Each(func(f float64) { fmt.Print(f, ";") })
	fmt.Println(" size", l.size)
	a := NewSet(1, 2, 3, 3)
	b := NewSet(3, 4)
	u := a.Union(b)
	fmt.Println(a.Len(), b.Len(), u.Len(), u.Has(4), u.Has(5))
	ss := NewSet("x", "y")
	fmt.Println(ss.Has("x"), ss.Len())
	ps := []Pair[string, int]{{"b", 2}, {"a", 1}}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Key < ps[j].Key })
	fmt.Println(ps, ps[0])
	fmt.Printf("%T\n", ps[0])
	var t *Tree[int]
	for _, x := range []int{5, 3, 8, 1, 4, 9, 7} {
		t = t.Insert(x)
	}
	t.Walk(func(x int) { fmt.Print(x, " ") })
	fmt.Println()
	var ts *Tree[string]
	for _, x := range strings.Fields("pear apple fig banana") {
		ts = ts.Insert(x)
	}
	var words []string
	ts.Walk(func(x string) { words = append(words, x) })
	fmt.Println(words)
	if len(words) != 4 || words[0] != "apple" {
		panic("FAIL: tree")
	}
	type Matrix[T ~float64] [2][2]T
	m := Matrix[float64]{{1, 2}, {3, 4}}
	fmt.Println(m, m[1][0])
}
