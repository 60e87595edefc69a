// Tests unrecovered write to a nil map: "panic: assignment to entry in nil map".
package main

import "fmt"

type Registry struct {
	entries map[string]int
}

func main() {
	var r Registry
	fmt.Println("read from nil map:", r.entries["x"], len(r.entries))
	delete(r.entries, "x")
	fmt.Println("delete from nil map ok")
	r.entries["x"] = 1
	fmt.Println("unreachable")
}
