// Tests panics raised in deep recursion, recovered at an intermediate level, and panics during deferred calls.
package main

import "fmt"

func dive(depth, panicAt int, log *[]string) int {
	defer func() { *log = append(*log, fmt.Sprintf("unwind %d", depth)) }()
	if depth == panicAt {
		panic(fmt.Sprintf("panic at depth %d", depth))
	}
	return dive(depth+1, panicAt, log) + 1
}

func guard(depth, recoverAt, panicAt int, log *[]string) (res int) {
	if depth == recoverAt {
		defer func() {
			if r := recover(); r != nil {
				*log = append(*log, fmt.Sprintf("recovered at %d: %v", depth, r))
				res = -depth
			}
		}()
		return dive(depth, panicAt, log)
	}
	return guard(depth+1, recoverAt, panicAt, log) * 10
}

func nestedPanics() (out []string) {
	defer func() {
		r := recover()
		out = append(out, fmt.Sprint("outer recovered: ", r))
	}()
	defer func() {
		defer func() {
			r := recover()
			out = append(out, fmt.Sprint("inner recovered: ", r))
			panic("third")
		}()
		panic("second")
	}()
	panic("first")
}

func main() {
	var log []string
	res := guard(0, 3, 7, &log)
	fmt.Println("result:", res)
	for _, l := range log {
		fmt.Println(" ", l)
	}
	fmt.Println(nestedPanics())
	var ack func(m, n int) int
	count := 0
	ack = func(m, n int) int {
		count++
		if count > 5000 {
			panic("too many calls")
		}
		if m == 0 {
			return n + 1
		}
		if n == 0 {
			return ack(m-1, 1)
		}
		return ack(m-1, ack(m, n-1))
	}
	func() {
		defer func() { fmt.Println("ack recovered:", recover(), "after", count, "calls") }()
		fmt.Println(ack(3, 5))
	}()
	if res != -3000 {
		panic("FAIL: recursive recover")
	}
}
