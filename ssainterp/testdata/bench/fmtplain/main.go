// Command fmtplain formats 2000 lines of plain operands with
// fmt.Sprintf (no method of the program is reachable: native fmt) and
// reports their total length (benchmark workload).
package main

import "fmt"

func run() int {
	n := 0
	for i := 0; i < 2000; i++ {
		n += len(fmt.Sprintf("%d-%s-%v-%x", i, "key", 1.5, i*7))
	}
	return n
}

func main() { fmt.Println(run()) }
