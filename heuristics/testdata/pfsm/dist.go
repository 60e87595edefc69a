// Command pfsmtest holds the subjects of the distance heuristics' tests
// (heuristics/pfsm_test.go): tiny functions whose control-flow graphs
// the tests measure, and a test whose goroutines stop inside calls.
package main

var sink int

func straight() {
	sink = 1 // straight:a
	sink = 2
	sink = 3 // straight:c
}

func branch(c bool) {
	if c {
		sink = 1
	} else {
		sink = 2
		sink = 3
	}
	sink = 4 // branch:join
}

func loop(n int) {
	for i := 0; i < n; i++ {
		sink = i // loop:body
	}
	sink = -1 // loop:after
}

func callee() { sink = 7 }

func caller() {
	sink = 0 // caller:before
	callee()
	sink = 1 // caller:after
}

type shape interface{ area() int }

type square struct{}

func (square) area() int { sink = 2; sink = 3; return 4 }

// circle is never made into a shape: RTA drops its method.
type circle struct{}

func (circle) area() int {
	for {
		sink++
	}
}

func useShape(s shape) {
	sink = 0 // useShape:before
	sink = s.area()
	sink = 1 // useShape:after
}

func fact(n int) int {
	if n <= 1 {
		return 1
	}
	return n * fact(n-1) // fact:rec
}

func even(n int) bool {
	if n == 0 {
		return true
	}
	return odd(n - 1)
}

func odd(n int) bool {
	if n == 0 {
		return false
	}
	return even(n - 1) // odd:rec
}

// Fig. 6 of Rungta and Mercer 2009: test calls the polymorphic aa, which Y and Z
// implement; the goal is the panic in Y's cc.
type X interface{ aa() }

type Y struct{ bad bool }

func (y Y) aa() { y.cc() }

func (y Y) cc() {
	if y.bad {
		panic("Y.cc") // fig6:goal
	}
}

type Z struct{}

func (z Z) aa() { z.cc() }

func (Z) cc() { sink = 5 }

func test(x X) {
	sink = 0 // fig6:start
	bb()
	x.aa()
}

func bb() {
	sink = 10
	sink = 11
}

// Calling context: step is called from near, right before the goal, and
// from far, which reaches the goal only through near.
func step(ch chan int) {
	ch <- 1 // step:send
}

func near(ch chan int) {
	step(ch)
	sink = 10 // context:goal
}

func far(ch chan int) {
	step(ch)
	for i := 0; i < 3; i++ {
		sink += i
	}
	sink = 20
	near(ch)
}

// spawner reaches the goal in near on the goroutine it starts.
func spawner(ch chan int) {
	sink = 0 // spawn:start
	go near(ch)
}

func main() {
	straight()
	branch(true)
	loop(2)
	caller()
	useShape(square{})
	fact(3)
	even(3)
	test(Y{})
	test(Z{})
	ch := make(chan int, 8)
	far(ch)
	spawner(ch)
}
