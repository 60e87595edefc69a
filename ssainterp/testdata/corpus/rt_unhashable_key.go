// Tests an unrecovered panic from using an unhashable dynamic type as a map key.
package main

import "fmt"

type Key struct {
	Name  string
	Attrs any
}

func main() {
	m := map[any]int{}
	m[Key{"ok", 1}] = 1
	m[Key{"ok", [2]int{1, 2}}] = 2
	fmt.Println("len:", len(m), m[Key{"ok", 1}], m[Key{"ok", [2]int{1, 2}}])
	fmt.Println("inserting key with slice inside")
	m[Key{"bad", []string{"x"}}] = 3
	fmt.Println("unreachable")
}
