// Tests unrecovered nil pointer dereference on a struct field read.
package main

import "fmt"

type Node struct {
	Val  int
	Next *Node
}

func main() {
	n := &Node{1, &Node{2, nil}}
	for p := n; p != nil; p = p.Next {
		fmt.Println("val", p.Val)
	}
	fmt.Println("deref past end")
	fmt.Println(n.Next.Next.Val)
}
