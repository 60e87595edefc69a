// Command slowrun computes for about half a second under the interpreter (on
// a 2-core machine), with a scheduling point every tenth of it: one
// execution longer than a small time budget and its default grace.
package main

import "runtime"

func main() {
	sum := 0
	for range 10 {
		for i := range 5_000_000 {
			sum += i & 7
		}
		runtime.Gosched()
	}
	println(sum)
}
