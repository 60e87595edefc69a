// Tests unrecovered slice bounds panic: "slice bounds out of range [:5] with capacity 3".
package main

import "fmt"

func main() {
	s := make([]byte, 2, 3)
	h := 3
	fmt.Println(len(s[:h]), "ok up to cap")
	h = 5
	fmt.Println("slicing to", h)
	t := s[:h]
	fmt.Println("unreachable", t)
}
