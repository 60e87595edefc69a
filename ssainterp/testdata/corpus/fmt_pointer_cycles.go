// Printing values whose pointers form cycles (through interface fields
// and slices) and share targets: fmt prints the top pointer as &{...} and
// the others as addresses; afterwards every pointer still points where
// it did (the values crossed to native fmt and back).
package main

import (
	"fmt"
	"strings"
)

type B struct{ N int }

type A struct {
	Name string
	B    *B
}

type Node struct {
	Name string
	Any  any
	Kids []any
	Peer *Node
}

func main() {
	b := &B{N: 1}
	a := &A{Name: "a", B: b}
	s := fmt.Sprint(a)
	fmt.Println(strings.HasPrefix(s, "&{a 0x"))
	b.N = 2
	fmt.Println(a.B.N, a.B == b)

	x := &Node{Name: "x"}
	y := &Node{Name: "y", Any: x, Peer: x}
	x.Any, x.Peer = y, y
	x.Kids = []any{x, y, 3}
	s = fmt.Sprintf("%v|%+v", x, *y)
	fmt.Println(strings.HasPrefix(s, "&{x 0x"), strings.Contains(s, "|{Name:y Any:0x"))
	fmt.Println(x.Any.(*Node) == y, x.Peer == y, y.Any.(*Node) == x, x.Kids[0].(*Node) == x, x.Kids[2])
	y.Name = "Y"
	fmt.Println(x.Any.(*Node).Name, x.Peer.Name, x.Kids[1].(*Node).Name)
	var err error = fmt.Errorf("wrapped: %v", x.Name)
	fmt.Println(err)
}
