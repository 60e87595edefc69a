// Command ops_loops_plain runs the loops whose ops the interpreter also
// dispatches in plain form (dispatch.go): 64-bit arithmetic with
// immediates and registers (% of negative dividends and divisors among
// them), wrapping at the ends of the range, signed
// and unsigned compares against registers and constants, narrow
// integers, floats, booleans and strings carried around loops (φs of
// one and two values, scalar or not), slice and struct field loads and
// stores, the panics of an index out of range and a nil pointer in
// such a loop, and loops of every shape (a bound that changes in the
// body, break, continue, nested loops, goto, the counter read after the
// loop).
package main

import (
	"fmt"
	"math"
)

type point struct {
	x, y int
	name string
}

func arith() {
	var a, s, m, o uint64 = 1, 0, 1, 0
	for i := 0; i < 70; i++ {
		a = a*3 + 7
		s = s - 5
		m = m * 0x9e3779b97f4a7c15
		o = o | a&0xff
	}
	x := int64(math.MaxInt64 - 3)
	for i := 0; i < 8; i++ {
		x = x + 1
	}
	fmt.Println(a, s, m, o, x)
	r, ur, mn := 0, uint64(0), int64(math.MinInt64)
	for i := -9; i < 9; i++ {
		r = r*3 + i%4
	}
	for j := uint64(math.MaxUint64 - 30); j != 0; j++ {
		ur += j % 7
	}
	for i := 0; i < 2; i++ {
		mn = mn%-1 + mn%math.MaxInt64
	}
	fmt.Println(r, ur, mn)
}

func compares() {
	n, c := 0, 0
	for i := int64(-5); i <= 5; i++ {
		if i < 0 {
			n++
		}
		if i == 3 {
			n += 10
		}
		if i >= 2 {
			c++
		}
		if i > -2 && i != 0 {
			c += 100
		}
	}
	u := 0
	for j := uint64(math.MaxUint64 - 4); j >= math.MaxUint64-8 && j > 3; j-- {
		u++
	}
	var k uint8
	w := 0
	for k = 250; k != 4; k++ { // wraps at 256
		w++
	}
	var s8 int8 = 120
	for s8 > 0 {
		s8 += 3 // wraps to a negative
	}
	fmt.Println(n, c, u, w, s8)
}

func phis() {
	f, b, str := 0.5, false, ""
	for i := 0; i < 6; i++ {
		f = f*1.5 + float64(i)
		b = !b
		str += fmt.Sprint(i)
	}
	// Two φs swapped on every iteration: a parallel move.
	p, q := 1, 2
	for i := 0; i < 5; i++ {
		p, q = q, p+q
	}
	s, t := "a", "b"
	for i := 0; i < 3; i++ {
		s, t = t, s+t
	}
	fmt.Println(f, b, str, p, q, s, t)
}

func memory() {
	xs := make([]int, 10)
	for i := range xs {
		xs[i] = i * i
	}
	sum := 0
	for _, v := range xs {
		sum += v
	}
	ps := make([]point, 4)
	for i := range ps {
		ps[i].x = i
		ps[i].y = ps[i].x * 2
		ps[i].name = fmt.Sprint("p", i)
	}
	pp := &ps[2]
	for i := 0; i < 3; i++ {
		pp.x += pp.y
	}
	fmt.Println(sum, ps, *pp)
}

func panics() {
	defer func() { fmt.Println("recovered:", recover()) }()
	xs := []int{1, 2, 3}
	total := 0
	for i := 0; i < 5; i++ {
		total += xs[i]
		fmt.Println("total", total)
	}
}

func nilField() {
	defer func() { fmt.Println("recovered:", recover()) }()
	var p *point
	for i := 0; i < 2; i++ {
		p.x = i
	}
}

func loopShapes() {
	n, steps := 10, 0
	i := 0
	for ; i < n; i++ {
		if i%3 == 0 {
			n-- // the header reads the bound anew
			continue
		}
		steps++
	}
	fmt.Println(i, n, steps)
	xs := []int{4, 8, 15, 16, 23, 42}
	found, sum := -1, 0
	for k, x := range xs {
		if x%2 == 1 {
			continue
		}
		if x > 20 {
			found = k
			break
		}
		sum += x
	}
	fmt.Println(found, sum)
	grid := 0
	for a := 0; a < 4; a++ {
		for b := a; b < 5; b += 2 {
			grid = grid*7 + a*b
		}
	}
	fmt.Println(grid)
	c := 0
	j := int64(math.MaxInt64 - 2)
loop:
	if j < math.MaxInt64 && j > 0 {
		j++
		c++
		goto loop
	}
	for m := 0; m < 10; m += 3 {
		c += m
	}
	for range xs {
		c++
	}
	for k := range 3 {
		c += k
	}
	fmt.Println(c, j)
}

func main() {
	loopShapes()
	arith()
	compares()
	phis()
	memory()
	panics()
	nilField()
}
