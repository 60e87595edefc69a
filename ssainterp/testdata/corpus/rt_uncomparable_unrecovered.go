// Tests unrecovered comparison of interfaces holding uncomparable types.
package main

import "fmt"

type Box struct {
	Items []int
}

func main() {
	var a any = Box{[]int{1}}
	var b any = Box{[]int{1}}
	var c any = 5
	fmt.Println("different dynamic types compare fine:", a == c)
	fmt.Println("comparing Box values...")
	fmt.Println(a == b)
}
