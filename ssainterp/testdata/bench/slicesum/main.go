// Command slicesum fills a 1e6-element []int with i*2 and sums it
// (benchmark workload).
package main

import "fmt"

func run() int {
	s := make([]int, 1_000_000)
	for i := range s {
		s[i] = i * 2
	}
	sum := 0
	for _, v := range s {
		sum += v
	}
	return sum
}

func main() { fmt.Println(run()) }
