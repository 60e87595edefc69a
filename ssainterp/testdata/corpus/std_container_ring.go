// Tests container/ring: New, Next/Prev, Move, Link, Unlink, Do, Len.
package main

import (
	"container/ring"
	"fmt"
)

func show(r *ring.Ring) {
	r.Do(func(v any) { fmt.Print(v, " ") })
	fmt.Println("| len", r.Len())
}

func main() {
	r := ring.New(5)
	for i := range r.Len() {
		r.Value = i * 10
		r = r.Next()
	}
	show(r)
	fmt.Println("prev:", r.Prev().Value, "move 2:", r.Move(2).Value, "move -1:", r.Move(-1).Value)
	s := ring.New(2)
	s.Value = "a"
	s.Next().Value = "b"
	r.Link(s)
	show(r)
	removed := r.Unlink(3)
	show(removed)
	show(r)
	sum := 0
	r.Do(func(v any) {
		if n, ok := v.(int); ok {
			sum += n
		}
	})
	fmt.Println("sum ints:", sum)
	single := ring.New(1)
	single.Value = "only"
	fmt.Println(single.Next() == single, single.Len())
	var empty *ring.Ring
	fmt.Println("nil ring len:", empty.Len())
	// Josephus problem with ring
	j := ring.New(7)
	for i := 1; i <= 7; i++ {
		j.Value = i
		j = j.Next()
	}
	j = j.Prev()
	var order []int
	for j.Len() > 1 {
		j = j.Move(2)
		order = append(order, j.Unlink(1).Value.(int))
	}
	fmt.Println("elimination order:", order, "survivor:", j.Value)
	if j.Value != 4 {
		panic("FAIL: josephus")
	}
}
