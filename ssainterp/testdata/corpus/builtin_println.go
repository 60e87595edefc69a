// Tests the println/print builtins (written to stderr) for ints, strings, bools, floats, nil and complex.
package main

import "fmt"

func main() {
	fmt.Println("stdout line before builtins")
	println("hello", 42, -7, true, false)
	println(1.5, -0.25, 0.0, 1e100, 3.0)
	var f32 float32 = 2.5
	println(f32)
	println(int8(-8), uint8(200), int64(-1<<63), uint64(1<<64-1))
	print("no", "spaces", 1, 2, "\n")
	print(3.0, "\n")
	println()
	println("complex:", complex(1, -2))
	var nilSlice []int
	println("len nil:", len(nilSlice))
	var s string = "with\ttab"
	println(s, 'x', byte('y'))
	var u uintptr = 255
	println("uintptr:", u)
	var inf = 1.0
	for range 2000 {
		inf *= 10
	}
	println("inf:", inf, -inf)
	zero := 0.0
	println("nan:", zero/zero)
	println("neg zero:", -zero)
	fmt.Println("stdout line after builtins")
}
