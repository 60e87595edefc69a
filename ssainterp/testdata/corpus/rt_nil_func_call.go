// Tests unrecovered call of a nil function value (nil pointer dereference with SIGSEGV line).
package main

import "fmt"

var handlers = map[string]func(int) int{
	"double": func(x int) int { return x * 2 },
}

func main() {
	fmt.Println(handlers["double"](21))
	h := handlers["triple"]
	fmt.Println("handler is nil:", h == nil)
	fmt.Println(h(3))
}
