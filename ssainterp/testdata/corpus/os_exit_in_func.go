// Tests os.Exit(3) called from a nested function and from inside a goroutine-free deferred context.
package main

import (
	"fmt"
	"os"
)

func check(v int) {
	if v > 3 {
		fmt.Println("value too large:", v)
		os.Stdout.WriteString("calling os.Exit(3)\n")
		os.Exit(3)
	}
	fmt.Println("ok:", v)
}

func main() {
	defer fmt.Println("never printed")
	func() {
		defer func() {
			// os.Exit inside a deferred function during normal return
			for i := range 10 {
				check(i)
			}
		}()
		fmt.Println("in inner function")
	}()
	fmt.Println("FAIL: unreachable")
}
