// Tests unrecovered assertion to an interface with a missing method: "main.T is not main.I: missing method M".
package main

import "fmt"

type I interface {
	M()
	N()
}

type T struct{ x int }

func (T) N() {}

type Base interface{ N() }

func main() {
	var b Base = T{1}
	fmt.Printf("have %T\n", b)
	i := b.(I)
	fmt.Println("unreachable", i)
}
