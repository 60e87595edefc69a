// Tests integer division by zero: recovered for several types, then one unrecovered modulo by zero.
package main

import "fmt"

func div[T ~int | ~int8 | ~uint16 | ~int64 | ~uint](a, b T) (res T, msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	return a / b, "ok"
}

func main() {
	fmt.Println(div(10, 0))
	fmt.Println(div(int8(10), 0))
	fmt.Println(div(uint16(10), 0))
	fmt.Println(div(int64(10), 2))
	fmt.Println(div(uint(7), 0))
	// float division by zero is not a panic
	z := 0.0
	fmt.Println("float:", 1/z, -1/z)
	var zero int32
	fmt.Println("modulo by zero next")
	fmt.Println(int32(7) % zero)
}
