// Tests range-over-func iterators: iter.Seq, iter.Seq2, early break, nested loops, return from inside, defers.
package main

import (
	"fmt"
	"iter"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				fmt.Println("  (count stopped at", i, ")")
				return
			}
		}
	}
}

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func FilterSeq[T any](s iter.Seq[T], pred func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range s {
			if pred(v) && !yield(v) {
				return
			}
		}
	}
}

func findFirst(limit int) int {
	for v := range Fib() {
		if v > limit {
			return v // return from inside range-over-func
		}
	}
	return -1
}

func withDefer() (out []string) {
	for i := range Count(3) {
		defer func() { out = append(out, fmt.Sprint("deferred ", i)) }()
	}
	out = append(out, "body done")
	return out
}

func main() {
	for i := range Count(4) {
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i := range Count(10) {
		if i == 3 {
			break
		}
		fmt.Print(i, " ")
	}
	fmt.Println()
	for i, s := range Enumerate([]string{"a", "b", "c"}) {
		if i == 1 {
			continue
		}
		fmt.Print(i, "=", s, " ")
	}
	fmt.Println()
	for v := range Fib() {
		if v > 100 {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println("first fib > 1000:", findFirst(1000))
	evens := FilterSeq(Count(20), func(i int) bool { return i%2 == 0 })
	sum := 0
	for v := range evens {
		sum += v
	}
	fmt.Println("sum evens:", sum)
	// nested iterators with labeled break
outer:
	for i := range Count(3) {
		for j := range Count(3) {
			if j > i {
				continue outer
			}
			if i == 2 && j == 1 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	fmt.Println(withDefer())
	// iterator with no loop variables
	n := 0
	for range Count(5) {
		n++
	}
	fmt.Println("n:", n)
	// yield function as a direct push iterator
	var pushed []int
	Count(3)(func(v int) bool { pushed = append(pushed, v*10); return true })
	fmt.Println("manual:", pushed)
	if sum != 90 || n != 5 {
		panic("FAIL: iterators")
	}
}
