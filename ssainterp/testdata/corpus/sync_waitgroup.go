// Tests sync.WaitGroup with goroutines writing to distinct slice indexes, and WaitGroup.Go.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	results := make([]int, 20)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	wg.Wait()
	fmt.Println(results)
	// nested waitgroups
	var outer sync.WaitGroup
	matrix := make([][]int, 4)
	for r := range 4 {
		outer.Add(1)
		go func() {
			defer outer.Done()
			row := make([]int, 5)
			var inner sync.WaitGroup
			for c := range 5 {
				inner.Add(1)
				go func() {
					defer inner.Done()
					row[c] = r*10 + c
				}()
			}
			inner.Wait()
			matrix[r] = row
		}()
	}
	outer.Wait()
	for _, row := range matrix {
		fmt.Println(row)
	}
	// WaitGroup.Go (Go 1.25+)
	var wg2 sync.WaitGroup
	out := make([]string, 3)
	for i, s := range []string{"a", "b", "c"} {
		wg2.Go(func() { out[i] = s + s })
	}
	wg2.Wait()
	fmt.Println(out)
	// Add with larger delta
	var wg3 sync.WaitGroup
	wg3.Add(3)
	counts := make([]int, 3)
	for i := range 3 {
		go func() {
			counts[i] = i + 1
			wg3.Done()
		}()
	}
	wg3.Wait()
	fmt.Println(counts)
	if results[19] != 361 || matrix[3][4] != 34 {
		panic("FAIL: waitgroup")
	}
}
