// Tests closures: capture by reference, counters, closures returning closures, recursive closures.
package main

import "fmt"

func counter(start int) (func() int, func()) {
	n := start
	return func() int { n++; return n }, func() { n = start }
}

func adder(a int) func(int) func(int) int {
	return func(b int) func(int) int {
		return func(c int) int { return a + b + c }
	}
}

func compose[A, B, C any](f func(A) B, g func(B) C) func(A) C {
	return func(a A) C { return g(f(a)) }
}

func main() {
	next, reset := counter(10)
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println("after reset:", next())
	x := 1
	inc := func() { x++ }
	inc()
	inc()
	fmt.Println("captured by reference:", x)
	x = 100
	get := func() int { return x }
	x = 200
	fmt.Println("sees later write:", get())
	fmt.Println("curried:", adder(1)(2)(3), adder(10)(20)(30))
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	fmt.Println("recursive closure fib(20):", fib(20))
	sq := func(i int) int { return i * i }
	str := func(i int) string { return fmt.Sprintf("<%d>", i) }
	fmt.Println("compose:", compose(sq, str)(7))
	// closures sharing state
	makePair := func() (func(int), func() []int) {
		var store []int
		return func(v int) { store = append(store, v) }, func() []int { return store }
	}
	add, all := makePair()
	for i := range 5 {
		add(i * i)
	}
	fmt.Println("shared slice:", all())
	// closure capturing struct and modifying it
	type acc struct{ total int }
	a := acc{}
	addTo := func(n int) { a.total += n }
	for i := 1; i <= 10; i++ {
		addTo(i)
	}
	fmt.Println("struct capture:", a.total)
	// immediately invoked
	res := func(a, b int) int { return a * b }(6, 7)
	fmt.Println("iife:", res)
	// closure over parameter
	mul := func(k int) func(int) int { return func(v int) int { return v * k } }
	double, triple := mul(2), mul(3)
	fmt.Println(double(5), triple(5), double(triple(2)))
	// deep nesting modifies outer
	depth := 0
	func() {
		depth++
		func() {
			depth++
			func() { depth++ }()
		}()
	}()
	fmt.Println("depth:", depth)
	if depth != 3 || x != 200 {
		panic("FAIL: closure capture")
	}
	// slice of closures
	var ops []func(int) int
	for k := range 4 {
		ops = append(ops, func(v int) int { return v + k })
	}
	for _, op := range ops {
		fmt.Print(op(100), " ")
	}
	fmt.Println()
}
