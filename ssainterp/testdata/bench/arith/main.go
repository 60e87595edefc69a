// Command arith sums i*3 for i below 1e7 (benchmark workload): a loop of
// integer arithmetic alone, five ops of the interpreter per iteration.
package main

import "fmt"

func run() int {
	x := 0
	for i := 0; i < 10_000_000; i++ {
		x += i * 3
	}
	return x
}

func main() { fmt.Println(run()) }
