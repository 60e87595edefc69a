// Pointers into structs and arrays keep seeing their memory when the
// whole value is assigned, copied with copy() or the slice is grown by
// append.
package main

import "fmt"

type Inner struct{ a, b int }

type T struct {
	x     int
	in    Inner
	arr   [3]int
	label string
}

func main() {
	var s T
	px, pa, pin := &s.x, &s.in.a, &s.arr[1]
	s = T{x: 5, in: Inner{a: 6, b: 7}, arr: [3]int{1, 2, 3}, label: "new"}
	fmt.Println(*px, *pa, *pin)
	*px, *pa, *pin = 50, 60, 20
	fmt.Println(s.x, s.in.a, s.arr)

	s.in = Inner{a: 9}
	fmt.Println(*pa, s.in)

	var grid [2][2]int
	row := &grid[1]
	cell := &grid[1][0]
	grid = [2][2]int{{1, 2}, {3, 4}}
	fmt.Println(*row, *cell)
	*row = [2]int{30, 40}
	fmt.Println(*cell, grid)

	d := []Inner{{1, 2}, {3, 4}, {5, 6}}
	p2 := &d[2].a
	copy(d[1:], d)
	fmt.Println(d, *p2)
	copy(d, d[1:])
	fmt.Println(d, *p2)

	small := make([]Inner, 1, 1)
	grown := append(small, Inner{7, 8})
	grown[0].a = 100
	fmt.Println(small[0].a, grown[0].a)

	m := map[string]T{"k": s}
	s.x = -1
	fmt.Println(m["k"].x, s.x)

	pp := &s
	q := *pp
	q.in.b = 77
	fmt.Println(s.in.b, q.in.b)
}
