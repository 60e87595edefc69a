// Tests range over integers: typed/untyped counts, zero/negative counts, break/continue.
package main

import "fmt"

type Count uint8

func main() {
	for i := range 5 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 0
	for range 10 {
		n++
	}
	fmt.Println("n:", n)
	for i := range 0 {
		panic(fmt.Sprint("FAIL: range 0 ran", i))
	}
	neg := -3
	for range neg {
		panic("FAIL: negative range ran")
	}
	var c Count = 4
	for i := range c {
		fmt.Printf("%T:%d ", i, i)
	}
	fmt.Println()
	var i64 int64 = 3
	for i := range i64 {
		fmt.Printf("%T:%d ", i, i)
	}
	fmt.Println()
	total := 0
	for i := range 100 {
		if i%2 == 0 {
			continue
		}
		if i > 20 {
			break
		}
		total += i
	}
	fmt.Println("odd sum <= 20:", total)
	// modifying loop variable does not affect iteration count
	iters := 0
	for i := range 5 {
		i += 10
		_ = i
		iters++
	}
	fmt.Println("iters:", iters)
	// the range expression is evaluated once
	limit := 3
	for i := range limit {
		limit = 100
		fmt.Print("L", i, " ")
	}
	fmt.Println()
	// nested
	for i := range 3 {
		for j := range i {
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	// closures capture per-iteration
	var fs []func() int
	for i := range 3 {
		fs = append(fs, func() int { return i * i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	// untyped constant range with typed variable
	var x uint16
	for x = range 3 {
	}
	fmt.Println("last x:", x)
	if total != 100 {
		panic("FAIL: range int sum")
	}
}
