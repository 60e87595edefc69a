// Tests os.Exit with a non-zero code after printing: deferred functions must not run.
package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("FAIL: deferred call ran after os.Exit")
	fmt.Println("computing")
	sum := 0
	for i := range 10 {
		sum += i
	}
	fmt.Println("sum:", sum)
	fmt.Fprintln(os.Stderr, "exiting with code 3")
	os.Exit(3)
}
