// Command fmtmethods formats 2000 lines whose operands have String and
// Error methods (fmt runs from SSA and calls them as ordinary calls) and
// reports their total length (benchmark workload).
package main

import "fmt"

type point struct{ x, y int }

func (p point) String() string { return "(" + itoa(p.x) + "," + itoa(p.y) + ")" }

type failure struct{ code int }

func (f *failure) Error() string { return "failure " + itoa(f.code) }

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

func run() int {
	n := 0
	for i := 0; i < 2000; i++ {
		n += len(fmt.Sprintf("%v %v %d", point{i, i + 1}, &failure{i}, i))
	}
	return n
}

func main() { fmt.Println(run()) }
