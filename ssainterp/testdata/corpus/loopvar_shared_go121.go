//go:build go1.21

// Tests Go 1.21 loop-variable semantics (file version set by the build constraint): one variable is shared
// across iterations, so closures and pointers all see the final value. Companion of loopvar_per_iteration.go.
package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 5; i++ {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	var ps []*int
	for i := 0; i < 3; i++ {
		ps = append(ps, &i)
	}
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	var rs []func() string
	for _, s := range []string{"a", "b", "c"} {
		rs = append(rs, func() string { return s })
	}
	for _, f := range rs {
		fmt.Print(f(), " ")
	}
	fmt.Println()

	// modifying the loop variable inside the body affects the next iteration's copy
	var gs []func() int
	for i := 0; i < 6; i++ {
		gs = append(gs, func() int { return i })
		i++
	}
	for _, f := range gs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	sum := 0
	for _, f := range fs {
		sum += f()
	}
	fmt.Println("sum:", sum)
}
