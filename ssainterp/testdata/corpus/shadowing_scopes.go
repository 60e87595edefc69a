// Tests variable shadowing in nested scopes, if/switch init statements, := redeclaration rules.
package main

import (
	"errors"
	"fmt"
)

var x = "package"

func get() (int, error) { return 5, nil }

func main() {
	fmt.Println("1:", x)
	x := "main"
	fmt.Println("2:", x)
	{
		x := "block"
		fmt.Println("3:", x)
		x = "block modified"
		fmt.Println("4:", x)
	}
	fmt.Println("5:", x)
	if x := 42; x > 0 {
		fmt.Println("6:", x)
	} else {
		fmt.Println("never", x)
	}
	if y := 1; y > 5 {
		fmt.Println("never")
	} else if z := y * 2; z == 2 {
		fmt.Println("7: else-if sees y and z:", y, z)
	}
	switch x := 3.5; {
	case x > 3:
		fmt.Println("8:", x)
	}
	for x := 0; x < 2; x++ {
		x := x * 10
		fmt.Println("9:", x)
	}
	fmt.Println("10:", x)
	// := with at least one new variable reuses existing
	a, err := get()
	b, err := get()
	fmt.Println("11:", a, b, err)
	var errOuter error
	if _, errOuter := get(); errOuter == nil {
		errOuter = errors.New("inner")
		_ = errOuter
	}
	fmt.Println("12: outer error still nil:", errOuter == nil)
	// shadowing a type name and builtin
	{
		len := func(s string) int { return 99 }
		fmt.Println("13: shadowed len:", len("abc"))
	}
	fmt.Println("14: real len:", len("abc"))
	{
		type int = string
		var v int = "strings now"
		fmt.Println("15:", v)
	}
	{
		true := false
		fmt.Println("16: shadowed true:", true)
	}
	// closure shadowing
	n := 1
	f := func() int {
		n := n + 1
		return n
	}
	fmt.Println("17:", f(), n)
	// function parameter shadowing package var
	show := func(x int) { fmt.Println("18:", x) }
	show(7)
	if x != "main" || n != 1 {
		panic("FAIL: shadowing")
	}
}
