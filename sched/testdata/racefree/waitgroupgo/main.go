// Command waitgroupgo uses sync.WaitGroup.Go (Go 1.25+), which calls Add
// and Done itself, to run three goroutines whose writes main reads after
// Wait.
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	out := make([]string, 3)
	words := []string{"x", "yy", "zzz"}
	for i, w := range words {
		wg.Go(func() {
			s := ""
			for range 2 {
				s += w
			}
			out[i] = s
		})
	}
	wg.Wait()
	for i, w := range words {
		if out[i] != w+w {
			panic("FAIL: wg.Go result")
		}
	}
}
