// Command builder builds a string with 1e5 strings.Builder
// WriteString/WriteByte calls and reports its length (benchmark workload).
package main

import (
	"fmt"
	"strings"
)

func run() int {
	var b strings.Builder
	for i := 0; i < 100_000; i++ {
		if i%2 == 0 {
			b.WriteString("abc")
		} else {
			b.WriteByte('x')
		}
	}
	return len(b.String())
}

func main() { fmt.Println(run()) }
