// Tests unrecovered slice-to-array conversion with wrong length.
package main

import "fmt"

func main() {
	s := []int{1, 2, 3, 4}
	a := [4]int(s)
	fmt.Println("ok:", a)
	p := (*[2]int)(s)
	fmt.Println("ptr ok:", *p)
	fmt.Println("converting to [8]int")
	b := [8]int(s)
	fmt.Println(b)
}
