// Tests unrecovered failed type assertion: "interface conversion: interface {} is string, not int".
package main

import "fmt"

func main() {
	vals := []any{1, 2, "three"}
	sum := 0
	for _, v := range vals {
		fmt.Println("adding", v)
		sum += v.(int)
	}
	fmt.Println(sum)
}
