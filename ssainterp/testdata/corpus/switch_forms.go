// Tests switch: fallthrough, no condition, init statements, multiple values per case, default placement.
package main

import "fmt"

func classify(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n == 0:
		return "zero"
	case n < 10:
		return "small"
	default:
		return "large"
	}
}

func fall(n int) []string {
	var out []string
	switch n {
	case 0:
		out = append(out, "zero")
		fallthrough
	case 1:
		out = append(out, "one")
		fallthrough
	case 2:
		out = append(out, "two")
	case 3:
		out = append(out, "three")
		fallthrough
	default:
		out = append(out, "default")
	}
	return out
}

func main() {
	for _, n := range []int{-5, 0, 3, 42} {
		fmt.Println(n, classify(n))
	}
	for n := range 6 {
		fmt.Println("fall", n, fall(n))
	}
	for _, c := range "aeiouxyz1 " {
		switch c {
		case 'a', 'e', 'i', 'o', 'u':
			fmt.Print("V")
		case 'y':
			fmt.Print("Y")
		default:
			fmt.Print(".")
		case '1', '2':
			fmt.Print("D")
		}
	}
	fmt.Println()
	switch x := 5 * 3; {
	case x > 10:
		fmt.Println("x>10", x)
	}
	switch s := "go"; s + "lang" {
	case "golang":
		fmt.Println("matched golang")
	case "go":
		fmt.Println("bad")
	}
	// case evaluation order and short-circuit
	calls := 0
	f := func(v int) int { calls++; return v }
	switch 2 {
	case f(1), f(2), f(3):
		fmt.Println("matched at calls =", calls)
	}
	if calls != 2 {
		panic("FAIL: case eval order")
	}
	// break inside switch only leaves switch
	n := 0
	for i := range 5 {
		switch i {
		case 2:
			break
		default:
			n += i
		}
	}
	fmt.Println("n:", n)
	// switch on types of values with strings
	for _, s := range []string{"apple", "banana", "cherry"} {
		switch s {
		case "apple", "cherry":
			fmt.Println(s, "red")
		case "banana":
			fmt.Println(s, "yellow")
		}
	}
	// switch with no match and no default
	switch 100 {
	case 1:
		panic("FAIL")
	}
	fmt.Println("done")
}
