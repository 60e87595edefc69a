// Tests new, &composite literals, pointer to array indexing, pointer to struct fields, escaping locals.
package main

import "fmt"

type Node struct {
	Val  int
	Next *Node
}

func makeCounter() *int {
	x := 0 // escapes
	return &x
}

func push(head *Node, v int) *Node { return &Node{v, head} }

func swap(a, b *int) { *a, *b = *b, *a }

func main() {
	p := new(int)
	fmt.Println("new int:", *p)
	*p = 42
	q := p
	*q++
	fmt.Println("shared:", *p, p == q)
	c1, c2 := makeCounter(), makeCounter()
	*c1 += 5
	fmt.Println("distinct escapes:", *c1, *c2, c1 == c2)
	var head *Node
	for i := range 5 {
		head = push(head, i)
	}
	for n := head; n != nil; n = n.Next {
		fmt.Print(n.Val, " ")
	}
	fmt.Println()
	arr := &[4]string{"a", "b", "c", "d"}
	arr[2] = "C"
	fmt.Println("ptr to array:", arr[2], len(arr), *arr)
	for i, s := range arr {
		fmt.Print(i, s, " ")
	}
	fmt.Println()
	n := &Node{Val: 1}
	vp := &n.Val
	*vp = 100
	fmt.Println("field ptr:", n.Val)
	x, y := 1, 2
	swap(&x, &y)
	fmt.Println("swapped:", x, y)
	pp := &p
	**pp = 7
	fmt.Println("double ptr:", *p)
	// pointers to slice elements
	s := []int{1, 2, 3}
	e := &s[1]
	*e = 20
	fmt.Println(s)
	s = append(s, 4, 5, 6, 7) // reallocation; e points to old array
	*e = 99
	fmt.Println("after realloc:", s[1], *e)
	// pointers in loops: per-iteration variables
	var ptrs []*int
	for i := 0; i < 3; i++ {
		ptrs = append(ptrs, &i)
	}
	for _, pi := range ptrs {
		fmt.Print(*pi, " ")
	}
	fmt.Println()
	// nil pointer comparisons
	var np *Node
	fmt.Println("nil ptr:", np == nil, np)
	type T struct{ A, B int }
	t := &T{1, 2}
	t2 := t
	t2.B = 5
	fmt.Printf("%v %+v\n", *t, t)
	if *c1 != 5 || *c2 != 0 {
		panic("FAIL: escape")
	}
	// pointer to composite literal array and struct in map
	m := map[string]*T{"a": {3, 4}}
	m["a"].A = 30
	fmt.Println(*m["a"])
}
