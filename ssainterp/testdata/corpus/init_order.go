// Tests package-level variable initialization order by dependency and multiple init() functions.
package main

import "fmt"

var trace []string

func record(name string, v int) int {
	trace = append(trace, fmt.Sprintf("%s=%d", name, v))
	return v
}

var (
	a = record("a", b+c) // depends on b and c
	b = record("b", f())
	c = record("c", 3)
	d = record("d", 4) // independent: initialized in declaration order after deps
)

func f() int { return record("f-called-c", c) + 10 }

var total = sumAll()

func sumAll() int { return a + b + c + d }

var table = map[string]int{"x": x2 * 2}
var x2 = record("x2", 21)

func init() {
	trace = append(trace, "init1")
	a *= 2
}

func init() {
	trace = append(trace, "init2 a="+fmt.Sprint(a))
}

var (
	first, second = pair()
)

func pair() (int, int) {
	trace = append(trace, "pair")
	return 1, 2
}

func main() {
	for _, t := range trace {
		fmt.Println(t)
	}
	fmt.Println("a b c d total:", a, b, c, d, total)
	fmt.Println("table:", table, first, second)
	if total != 36 || a != 32 {
		panic("FAIL: init order")
	}
}
