// Command mapops does 1e5 map[int]int inserts followed by 1e5 lookups
// (benchmark workload).
package main

import "fmt"

func run() int {
	const n = 100_000
	m := make(map[int]int)
	for i := 0; i < n; i++ {
		m[i] = i * 3
	}
	sum := 0
	for i := 0; i < n; i++ {
		sum += m[i]
	}
	return sum
}

func main() { fmt.Println(run()) }
