// Tests labeled break/continue, goto, nested loops, and loop forms.
package main

import "fmt"

func main() {
outer:
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			if j == 3 {
				continue outer
			}
			if i == 3 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	// goto loop
	i := 0
loop:
	if i < 5 {
		fmt.Print("g", i, " ")
		i++
		goto loop
	}
	fmt.Println()
	// goto forward skipping
	n := 0
	for k := range 10 {
		if k%3 == 0 {
			goto skip
		}
		n += k
	skip:
	}
	fmt.Println("sum non-multiples of 3:", n)
	// labeled break out of switch inside loop
	count := 0
sw:
	for {
		switch {
		case count >= 4:
			break sw
		default:
			count++
		}
	}
	fmt.Println("count:", count)
	// labeled break from select inside loop
	ch := make(chan int, 10)
	for v := range 5 {
		ch <- v
	}
	close(ch)
	total := 0
recv:
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				break recv
			}
			total += v
		}
	}
	fmt.Println("total:", total)
	// while-style and infinite loops
	x := 1
	for x < 1000 {
		x *= 3
	}
	fmt.Println("x:", x)
	y := 0
	for {
		y++
		if y > 7 {
			break
		}
	}
	fmt.Println("y:", y)
	// continue in range with label at nested level
	matrix := [][]int{{1, -2, 3}, {4, 5, -6}, {-7, 8, 9}}
	pos := 0
rows:
	for _, row := range matrix {
		for _, v := range row {
			if v < 0 {
				continue rows
			}
			pos += v
		}
	}
	fmt.Println("positive prefix sum:", pos)
	if pos != 1+4+5 {
		panic("FAIL: labeled continue")
	}
	// multiple vars in for
	for a, b := 0, 10; a < b; a, b = a+1, b-2 {
		fmt.Print(a, ",", b, " ")
	}
	fmt.Println()
	// decrementing loop with unsigned must stop
	for u := uint(3); u < 10; u-- {
		fmt.Print("u", u, " ")
	}
	fmt.Println()
}
