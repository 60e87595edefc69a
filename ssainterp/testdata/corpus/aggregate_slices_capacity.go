// Slices of structs and arrays keep their elements' memory in place:
// clear zeroes them where they are, append into spare capacity stores
// into the elements a reslice already points into, and the capacity an
// append grows holds zero elements that a reslice up to cap can read.
package main

import "fmt"

type T struct {
	x, y int
	in   [2]int
}

func main() {
	s := []T{{x: 1, y: 2}, {x: 3, y: 4}}
	p := &s[0].x
	clear(s)
	*p = 7
	fmt.Println(s[0].x, *p, s[1])

	a := [][2]int{{1, 2}}
	q := &a[0][1]
	clear(a)
	*q = 9
	fmt.Println(a[0])

	u := make([]T, 1, 2)
	full := u[:2]
	r := &full[1].in[1]
	u = append(u, T{x: 5, y: 6, in: [2]int{7, 8}})
	fmt.Println(*r, u[1])
	*r = 80
	fmt.Println(u[1], full[1])

	v := []T{{x: 1}}
	v = append(v, T{x: 2})
	v = append(v, T{x: 3})
	w := v[:cap(v)]
	fmt.Println(len(v), cap(v), w[cap(v)-1])
	w[cap(v)-1].y = 3
	z := &w[cap(v)-1].x
	*z = 4
	fmt.Println(v[:cap(v)][3])
	v = append(v, T{x: 7, y: 7})
	fmt.Println(v[3], *z)

	g := make([][3]int, 0, 1)
	g = append(g, [3]int{1, 2, 3}, [3]int{4, 5, 6})
	h := g[:cap(g)]
	fmt.Println(len(g), cap(g), h[len(h)-1])
	g = append(g, [3]int{7, 8, 9})
	h[1][0] = 40 // h is the old array
	fmt.Println(h[1], g[1], g[2], g[:cap(g)][cap(g)-1])

	b := append([]T(nil), T{x: 1})
	b2 := append(b[:0], b...) // appends a slice onto itself in place
	fmt.Println(b2, b)
	c := append(b[:1:1], T{x: 9})
	fmt.Println(c, b)
}
