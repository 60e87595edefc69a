// Tests print/println builtins interleaved with fmt output to stdout and stderr.
package main

import (
	"fmt"
	"os"
)

type myInt int

func main() {
	for i := range 5 {
		print("iter ", i, " ")
		println(i*i, i%2 == 0)
		fmt.Println("stdout", i)
	}
	fmt.Fprintln(os.Stderr, "fmt to stderr")
	var mi myInt = 9
	println(mi)
	var e error
	println("nil error iface is nil:", e == nil)
	print("float32 ", float32(0.1), "\n")
	print("float64 ", 0.1, "\n")
	println(123456789.0, 1e-7, 100.0)
	println(-1.0 / 3.0)
	println(float32(1) / 3)
	println("done")
}
