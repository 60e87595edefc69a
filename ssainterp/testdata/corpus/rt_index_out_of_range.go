// Tests unrecovered index out of range panic on a slice: "index out of range [5] with length 3".
package main

import "fmt"

func get(s []int, i int) int { return s[i] }

func main() {
	s := []int{10, 20, 30}
	for i := range 3 {
		fmt.Println(i, get(s, i))
	}
	fmt.Println("now indexing 5")
	fmt.Println(get(s, 5))
}
