// Command fib computes fib(27) recursively (benchmark workload).
package main

import "fmt"

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func run() int { return fib(27) }

func main() { fmt.Println(run()) }
