// Tests boolean operators, short-circuit evaluation with side effects, and boolean expressions in many forms.
package main

import "fmt"

var calls int

func yes(tag string) bool { calls++; fmt.Print(tag, " "); return true }
func no(tag string) bool  { calls++; fmt.Print(tag, " "); return false }

func main() {
	fmt.Println("=", no("a") && yes("b"))
	fmt.Println("=", yes("a") && no("b"))
	fmt.Println("=", yes("a") || no("b"))
	fmt.Println("=", no("a") || yes("b"))
	fmt.Println("=", no("a") || no("b") && yes("c"))
	fmt.Println("=", (no("a") || yes("b")) && yes("c"))
	fmt.Println("=", !yes("a") || !no("b"))
	fmt.Println("calls:", calls)
	var p *struct{ ok bool }
	safe := p != nil && p.ok
	fmt.Println("nil guard:", safe)
	table := [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}}
	for _, row := range table {
		a, b := row[0], row[1]
		fmt.Printf("%-5v %-5v and=%-5v or=%-5v xor=%-5v eq=%-5v nand=%v\n", a, b, a && b, a || b, a != b, a == b, !(a && b))
	}
	type flags struct{ read, write, exec bool }
	f := flags{read: true, exec: true}
	perm := ""
	for _, b := range []bool{f.read, f.write, f.exec} {
		if b {
			perm += "x"
		} else {
			perm += "-"
		}
	}
	fmt.Println("perm:", perm)
	bs := map[bool]int{}
	for i := range 10 {
		bs[i%3 == 0]++
	}
	fmt.Println(bs)
	var bb bool
	bb = bb || true
	bb = bb && !bb
	fmt.Println("bb:", bb)
	if calls != 13 {
		panic(fmt.Sprint("FAIL: calls=", calls))
	}
}
