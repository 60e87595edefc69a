// Tests fmt.Sscanf, Sscan and Sscanln parsing numbers, strings and errors.
package main

import "fmt"

func main() {
	var a, b int
	var s string
	n, err := fmt.Sscanf("12 34 go", "%d %d %s", &a, &b, &s)
	fmt.Println(n, err, a, b, s)
	var f float64
	var x int
	n, err = fmt.Sscanf("pi=3.14 hex=ff", "pi=%f hex=%x", &f, &x)
	fmt.Println(n, err, f, x)
	var r rune
	var q string
	n, err = fmt.Sscanf("Z \"quoted str\"", "%c %q", &r, &q)
	fmt.Println(n, err, string(r), q)
	n, err = fmt.Sscanf("abc", "%d", &a)
	fmt.Println(n, err)
	n, err = fmt.Sscanf("5", "%d %d", &a, &b)
	fmt.Println(n, err, a)
	var u uint8
	n, err = fmt.Sscanf("300", "%d", &u)
	fmt.Println(n, err)
	var w1, w2 string
	var i3 int
	n, err = fmt.Sscan("  hello\n world 42 ", &w1, &w2, &i3)
	fmt.Println(n, err, w1, w2, i3)
	n, err = fmt.Sscanln("one two", &w1, &w2)
	fmt.Println(n, err, w1, w2)
	n, err = fmt.Sscanln("one\ntwo", &w1, &w2)
	fmt.Println(n, err)
	var bo bool
	n, err = fmt.Sscan("true", &bo)
	fmt.Println(n, err, bo)
	var bin int
	n, err = fmt.Sscanf("1011", "%b", &bin)
	fmt.Println(n, err, bin)
	var date struct{ y, m, d int }
	fmt.Sscanf("2024-03-15", "%d-%d-%d", &date.y, &date.m, &date.d)
	fmt.Println(date.y, date.m, date.d)
	if date.m != 3 || a != 5 {
		panic("FAIL: sscanf")
	}
}
