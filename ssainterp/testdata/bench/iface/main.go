// Command iface makes 1e6 Shape.Area calls through an interface with two
// implementations (benchmark workload).
package main

import "fmt"

type Shape interface{ Area() int }

type Rect struct{ W, H int }

func (r Rect) Area() int { return r.W * r.H }

type Square struct{ S int }

func (s *Square) Area() int { return s.S * s.S }

func run() int {
	shapes := []Shape{Rect{W: 3, H: 4}, &Square{S: 5}}
	sum := 0
	for i := 0; i < 1_000_000; i++ {
		sum += shapes[i&1].Area()
	}
	return sum
}

func main() { fmt.Println(run()) }
