// Tests unrecovered index out of range on a string with a variable index.
package main

import "fmt"

func main() {
	s := "héllo"
	for i := 0; i < len(s); i++ {
		fmt.Printf("%d:%x ", i, s[i])
	}
	fmt.Println()
	i := len(s) + 2
	fmt.Println(s[i])
}
